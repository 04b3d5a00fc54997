import { describe, expect, it } from 'vitest';
import { readServerConfig } from './config';

describe('the server configuration', () => {
	it('reads TRUST_PROXY_HOPS, one by default, and refuses what is no count of proxies', () => {
		expect(readServerConfig({ TRUST_PROXY: 'true' }).trustProxyHops).toBe(1);
		expect(readServerConfig({ TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
		for (const hops of ['0', '-1', '1.5', 'two']) {
			expect(() => readServerConfig({ TRUST_PROXY_HOPS: hops })).toThrow(
				`TRUST_PROXY_HOPS must be a whole number of 1 or more, not "${hops}"`,
			);
		}
	});
});
