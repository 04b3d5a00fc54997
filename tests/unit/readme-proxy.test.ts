import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { proxyConfiguration } from '../../scripts/nginx.mjs';

/** The `Host` and `X-Forwarded-Host` lines of an nginx configuration. */
const hostHeaders = (config: string) =>
	config.match(/proxy_set_header (?:Host|X-Forwarded-Host) \S+;/g) ?? [];

describe('the proxy settings', () => {
	it('pass the host with its port, in the README as in the proxy the journeys run behind', () => {
		const readme = readFileSync('README.md', 'utf8');
		const blocks = [...readme.matchAll(/```nginx\n([\s\S]*?)```/g)].map((match) => match[1]!);
		expect(blocks.length).toBeGreaterThan(0);
		const tested = proxyConfiguration({ dir: '/tmp/proxy', port: 8443, upstreams: [4321] });
		for (const config of [...blocks, tested]) {
			const lines = hostHeaders(config);
			expect(lines.length).toBeGreaterThan(0);
			for (const line of lines) expect(line).toMatch(/\$http_host;$/);
		}
	});
});
