import { describe, expect, it } from 'vitest';
import invalid from './fixtures/turnstile-invalid.json';
import spent from './fixtures/turnstile-spent.json';
import success from './fixtures/turnstile-success.json';
import { turnstileVerifier } from './verification.server';

/** A fetch that records the request and answers with a recorded Turnstile response. */
function recorded(body: unknown, status = 200) {
	const calls: { url: string; body: Record<string, unknown> }[] = [];
	const fetch = async (url: string | URL | Request, init?: RequestInit) => {
		calls.push({ url: String(url), body: JSON.parse(String(init?.body)) });
		return new Response(JSON.stringify(body), { status });
	};
	return { calls, fetch: fetch as typeof globalThis.fetch };
}

/** A caller without a known address. */
const anyone = { userId: 'donor', remoteIp: undefined };

const keys = {
	siteKey: '1x00000000000000000000AA',
	secretKey: '1x0000000000000000000000000000000AA',
};

describe('turnstileVerifier', () => {
	it('accepts a token siteverify confirms, sending secret, token, address and a retry key', async () => {
		const { calls, fetch } = recorded(success);
		const verifier = turnstileVerifier({ ...keys, expectedHostname: 'hibahin.id', fetch });
		expect(
			await verifier.verify('XXXX.DUMMY.TOKEN.XXXX', { userId: 'donor', remoteIp: '203.0.113.7' }),
		).toBe(true);
		expect(calls[0]!.url).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
		expect(calls[0]!.body).toMatchObject({
			secret: keys.secretKey,
			response: 'XXXX.DUMMY.TOKEN.XXXX',
			remoteip: '203.0.113.7',
		});
		expect(calls[0]!.body['idempotency_key']).toMatch(/^[0-9a-f-]{36}$/);
		expect(verifier.config).toEqual({ mode: 'turnstile', siteKey: keys.siteKey });
	});

	it('refuses invalid and already spent tokens', async () => {
		for (const body of [invalid, spent]) {
			const verifier = turnstileVerifier({ ...keys, fetch: recorded(body).fetch });
			expect(await verifier.verify('XXXX.DUMMY.TOKEN.XXXX', anyone)).toBe(false);
		}
	});

	it('refuses a token solved on another site', async () => {
		const verifier = turnstileVerifier({
			...keys,
			expectedHostname: 'hibahin.id',
			fetch: recorded({ ...success, hostname: 'evil.example' }).fetch,
		});
		expect(await verifier.verify('token', anyone)).toBe(false);
	});

	it('refuses when siteverify fails, answers garbage or does not answer in time', async () => {
		const failing = turnstileVerifier({ ...keys, fetch: recorded({ error: 'x' }, 500).fetch });
		expect(await failing.verify('token', anyone)).toBe(false);
		const garbage = turnstileVerifier({
			...keys,
			fetch: (async () => new Response('<html>', { status: 200 })) as typeof fetch,
		});
		expect(await garbage.verify('token', anyone)).toBe(false);
		const silent = turnstileVerifier({
			...keys,
			timeoutMs: 20,
			fetch: ((_url: unknown, init?: RequestInit) =>
				new Promise((_resolve, reject) =>
					init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
				)) as typeof fetch,
		});
		expect(await silent.verify('token', anyone)).toBe(false);
	});

	it('refuses empty and oversized tokens without calling siteverify', async () => {
		const { calls, fetch } = recorded(success);
		const verifier = turnstileVerifier({ ...keys, fetch });
		expect(await verifier.verify('', anyone)).toBe(false);
		expect(await verifier.verify('x'.repeat(2049), anyone)).toBe(false);
		expect(calls).toHaveLength(0);
	});
});
