import { expect, it } from 'vitest';
import { rateLimitRules } from '~/server/rate-limit';
import { describeOnDatabases } from '../helpers/test-server';

/** An area search as a visitor behind the proxy, `forwardedFor` as the proxy passed it on. */
function searchAs(
	request: (path: string, init?: RequestInit) => Promise<Response>,
	forwardedFor: string,
) {
	return request('/shipping/areas/search?q=keba', { headers: { 'X-Forwarded-For': forwardedFor } });
}

describeOnDatabases(
	'Behind a trusted proxy',
	(use) => {
		it('limits a visitor by the address the proxy added, whatever they put before it', async () => {
			const { limit } = rateLimitRules.areaSearch;
			for (let hit = 0; hit < limit; hit++) {
				const spoofed = `198.51.${hit >> 8}.${hit & 255}`;
				const response = await searchAs(use().request, `${spoofed}, 203.0.113.7`);
				expect(response.status).toBe(200);
			}
			const limited = await searchAs(use().request, '192.0.2.200, 203.0.113.7');
			expect(limited.status).toBe(429);
			expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
			expect((await limited.json()).error.code).toBe('RATE_LIMITED');

			// Another visitor, who came to the proxy from their own address, is not limited.
			expect((await searchAs(use().request, '192.0.2.200, 203.0.113.8')).status).toBe(200);
		});
	},
	{ env: { TRUST_PROXY: 'true' } },
);
