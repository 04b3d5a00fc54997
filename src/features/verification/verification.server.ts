import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Database } from '~/server/db/client';
import type { RateLimiter } from '~/server/rate-limit';
import { sharedSecret } from '~/server/secrets';
import type { VerificationConfig } from './verification';

/** Who presents a token: the signed-in user, from this address. */
export interface VerificationCaller {
	userId: string;
	remoteIp: string | undefined;
}

export interface HumanVerifier {
	config: VerificationConfig;
	/** Whether the token from the browser is a passed, fresh challenge for this caller. */
	verify(token: string, caller: VerificationCaller): Promise<boolean>;
	/** Simulated mode only: a token for a challenge the browser of `userId` showed. */
	issueSimulatedToken?(userId: string): Promise<string>;
}

/** The longest a token is valid: Turnstile's 300 s, the simulated check's 5 minutes. */
const tokenLifetimeMs = 5 * 60_000;

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
		async verify(token, { remoteIp }) {
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

/**
 * The development stand-in for Turnstile: the browser shows a short challenge and gets a
 * signed, short-lived token from the server, checked like a real one. The signature covers the
 * user it was issued to, so it is no use to anyone else.
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
		async issueSimulatedToken(userId) {
			const body = `${Date.now() + tokenLifetimeMs}.${randomBytes(8).toString('base64url')}`;
			return `${body}.${sign(`${body}.${userId}`)}`;
		},
		async verify(token, { userId }) {
			const cut = token.lastIndexOf('.');
			if (cut < 0) return false;
			const body = token.slice(0, cut);
			const given = Buffer.from(token.slice(cut + 1), 'base64url');
			const expected = Buffer.from(sign(`${body}.${userId}`), 'base64url');
			if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
			return Number(body.split('.')[0]) > Date.now();
		},
	};
}

/**
 * Tokens that work once: the first check that passes spends the token, in the store every
 * process shares (the database or Redis), so a replay fails on any process. Turnstile spends its
 * tokens at Cloudflare too; this also covers the simulated check.
 */
export function singleUse(verifier: HumanVerifier, limiter: RateLimiter): HumanVerifier {
	return {
		...verifier,
		async verify(token, caller) {
			if (!(await verifier.verify(token, caller))) return false;
			const digest = createHash('sha256').update(token).digest('base64url');
			const use = await limiter.hit(`human-check:${digest}`, {
				limit: 1,
				windowMs: tokenLifetimeMs,
			});
			return use.allowed;
		},
	};
}

/**
 * Turnstile when both keys are set, else the simulated check, each spent on use. A public
 * (https) site on the simulated check gets a warning: any script passes it.
 */
export async function configuredHumanVerifier(options: {
	db: Database;
	rateLimiter: RateLimiter;
	publicUrl: string;
	turnstileSiteKey: string | undefined;
	turnstileSecretKey: string | undefined;
}): Promise<HumanVerifier> {
	const { turnstileSiteKey: siteKey, turnstileSecretKey: secretKey } = options;
	if (siteKey && secretKey) {
		const expectedHostname = new URL(options.publicUrl).hostname;
		return singleUse(
			turnstileVerifier({ siteKey, secretKey, expectedHostname }),
			options.rateLimiter,
		);
	}
	if (options.publicUrl.startsWith('https://')) {
		console.warn(
			`Warning: ${options.publicUrl} lists items behind the simulated human check, which any ` +
				'script passes. Set TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY (Cloudflare Turnstile).',
		);
	}
	return singleUse(await simulatedVerifier(options.db), options.rateLimiter);
}
