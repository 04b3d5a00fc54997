import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Database } from '~/server/db/client';
import { sharedSecret } from '~/server/secrets';

/** How the browser proves a person is listing an item. */
export type VerificationConfig = { mode: 'turnstile'; siteKey: string } | { mode: 'simulated' };

export interface HumanVerifier {
	config: VerificationConfig;
	/** Whether the token from the browser is a passed, fresh challenge. */
	verify(token: string, remoteIp: string | undefined): Promise<boolean>;
	/** Simulated mode only: a token for a challenge the browser showed. */
	issueSimulatedToken?(): Promise<string>;
}

const siteverifyUrl = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/**
 * Cloudflare Turnstile, checked on the server: one siteverify call per token (a token is
 * valid once, for 300 s), with an idempotency key so a retry does not spend it twice.
 */
export function turnstileVerifier(options: {
	siteKey: string;
	secretKey: string;
	expectedHostname?: string | undefined;
	fetch?: typeof fetch;
	timeoutMs?: number;
}): HumanVerifier {
	const doFetch = options.fetch ?? fetch;
	return {
		config: { mode: 'turnstile', siteKey: options.siteKey },
		async verify(token, remoteIp) {
			if (!token || token.length > 2048) return false;
			const body = {
				secret: options.secretKey,
				response: token,
				idempotency_key: randomUUID(),
				...(remoteIp ? { remoteip: remoteIp } : {}),
			};
			try {
				const response = await doFetch(siteverifyUrl, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json' },
					body: JSON.stringify(body),
					signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
				});
				if (!response.ok) return false;
				const result = (await response.json()) as { success?: unknown; hostname?: unknown };
				if (result.success !== true) return false;
				return !options.expectedHostname || result.hostname === options.expectedHostname;
			} catch {
				return false;
			}
		},
	};
}

const simulatedTtlMs = 5 * 60_000;

/**
 * The development stand-in for Turnstile: the browser shows a short challenge and gets a
 * signed, short-lived token from the server, checked like a real one.
 */
export async function simulatedVerifier(db: Database): Promise<HumanVerifier> {
	const key = Buffer.from(
		await sharedSecret(db, 'simulated-verification-key', () =>
			randomBytes(32).toString('base64url'),
		),
		'base64url',
	);
	const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
	return {
		config: { mode: 'simulated' },
		async issueSimulatedToken() {
			const body = `${Date.now() + simulatedTtlMs}.${randomBytes(8).toString('base64url')}`;
			return `${body}.${sign(body)}`;
		},
		async verify(token) {
			const cut = token.lastIndexOf('.');
			if (cut < 0) return false;
			const body = token.slice(0, cut);
			const given = Buffer.from(token.slice(cut + 1), 'base64url');
			const expected = Buffer.from(sign(body), 'base64url');
			if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
			return Number(body.split('.')[0]) > Date.now();
		},
	};
}
