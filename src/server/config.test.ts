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
});
