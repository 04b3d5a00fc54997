import { describe, expect, it } from 'vitest';
import { readServerConfig, siteUrlWarning } from './config';

const lan = () => ['localhost', '127.0.0.1', '[::1]', 'laptop', '192.168.1.5', '[fd00::2]'];

describe('the server configuration', () => {
	it('answers on the machine’s addresses without PUBLIC_URL, the default address first', () => {
		expect(readServerConfig({ PORT: '4500' }, lan).origins).toEqual([
			'http://localhost:4500',
			'http://127.0.0.1:4500',
			'http://[::1]:4500',
			'http://laptop:4500',
			'http://192.168.1.5:4500',
			'http://[fd00::2]:4500',
		]);
	});

	it('answers on PUBLIC_URL (or SITE_URL) alone when one is set', () => {
		expect(readServerConfig({ PUBLIC_URL: 'https://hibahin.id/' }, lan).origins).toEqual([
			'https://hibahin.id',
		]);
		expect(readServerConfig({ SITE_URL: 'https://hibahin.id' }, lan).origins).toEqual([
			'https://hibahin.id',
		]);
	});

	it('answers on the default address alone with an external provider, which knows one callback', () => {
		const config = readServerConfig(
			{ OIDC_ISSUER_URL: 'https://x.kinde.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' },
			lan,
		);
		expect(config.origins).toEqual(['http://localhost:4321']);
	});

	it('reads TRUST_PROXY_HOPS, one by default, and refuses what is no count of proxies', () => {
		expect(readServerConfig({ TRUST_PROXY: 'true' }).trustProxyHops).toBe(1);
		expect(readServerConfig({ TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
		for (const hops of ['0', '-1', '1.5', 'two']) {
			expect(() => readServerConfig({ TRUST_PROXY_HOPS: hops })).toThrow(
				`TRUST_PROXY_HOPS must be a whole number of 1 or more, not "${hops}"`,
			);
		}
	});

	it('warns when SITE_URL, of the build or of the environment, is not PUBLIC_URL', () => {
		const publicUrl = { PUBLIC_URL: 'https://hibahin.id' };
		expect(siteUrlWarning({ ...publicUrl, SITE_URL: 'https://www.hibahin.id' }, undefined)).toMatch(
			/SITE_URL \(https:\/\/www\.hibahin\.id\) and PUBLIC_URL \(https:\/\/hibahin\.id\)/,
		);
		expect(siteUrlWarning(publicUrl, 'http://localhost:4321')).toMatch(/use PUBLIC_URL/);
		expect(siteUrlWarning({ ...publicUrl, SITE_URL: 'https://hibahin.id/' }, undefined)).toBeNull();
		expect(siteUrlWarning(publicUrl, undefined)).toBeNull();
		expect(siteUrlWarning({ SITE_URL: 'https://hibahin.id' }, undefined)).toBeNull();
	});

	describe('Web Push', () => {
		const keys = {
			VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
			VAPID_PRIVATE_KEY: 'A'.repeat(43),
		};

		it('generates its keys when none are set, and names the site as its contact', () => {
			expect(readServerConfig({}).push).toEqual({
				vapidKeys: null,
				subject: 'mailto:no-reply@localhost',
				allowedOrigins: [],
			});
			expect(readServerConfig({ PUBLIC_URL: 'https://hibahin.id/' }).push.subject).toBe(
				'https://hibahin.id',
			);
			expect(
				readServerConfig({ MAIL_FROM: 'Hibahin <halo@hibahin.id>', PUBLIC_URL: 'http://10.0.0.2' })
					.push.subject,
			).toBe('mailto:halo@hibahin.id');
		});

		it('reads the keys, the contact and the extra push services it is given', () => {
			const push = readServerConfig({
				...keys,
				VAPID_SUBJECT: 'mailto:ops@hibahin.id',
				PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:9000, https://push.example/',
			}).push;
			expect(push).toEqual({
				vapidKeys: { publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY },
				subject: 'mailto:ops@hibahin.id',
				allowedOrigins: ['http://127.0.0.1:9000', 'https://push.example'],
			});
		});

		it.each([
			[{ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY }, /set together/],
			[{ ...keys, VAPID_PUBLIC_KEY: `A${'A'.repeat(86)}` }, /VAPID_PUBLIC_KEY must be/],
			[{ ...keys, VAPID_PRIVATE_KEY: 'A'.repeat(40) }, /VAPID_PRIVATE_KEY must be/],
			[{ VAPID_SUBJECT: 'http://hibahin.id' }, /VAPID_SUBJECT must be/],
			[{ VAPID_SUBJECT: 'ops@hibahin.id' }, /VAPID_SUBJECT must be/],
			[{ PUSH_ALLOWED_ORIGINS: 'https://push.example/path' }, /PUSH_ALLOWED_ORIGINS/],
			[{ PUSH_ALLOWED_ORIGINS: 'ftp://push.example' }, /PUSH_ALLOWED_ORIGINS/],
		])('refuses at start-up what could never sign a message: %o', (env, message) => {
			expect(() => readServerConfig(env)).toThrow(message);
		});
	});
});
