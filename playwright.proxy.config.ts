import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/browser.mjs';

/**
 * The site as deployed behind a TLS-terminating proxy, and as opened by other hosts:
 * - `behind-proxy`: Debian's nginx on https://127.0.0.1:E2E_PORT (a certificate made for the
 *   run) in front of the server on E2E_PORT+1, with PUBLIC_URL at the proxy and TRUST_PROXY=true;
 * - `other-hosts`: the server on E2E_PORT+2 without PUBLIC_URL, opened by the machine's network
 *   address as a phone on the same network would.
 * Run: `node scripts/ensure-nginx.mjs && npx playwright test -c playwright.proxy.config.ts` after
 * `npm run build`.
 */
const port = Number(process.env.E2E_PORT ?? 4420);
const executablePath = findChromium();
// Fixed per port, so every worker process computes the same folder as the main one.
const proxyDir = join(tmpdir(), `hibahin-e2e-proxy-${port}`);
process.env['E2E_PROXY_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'hibahin-e2e-proxied-'));
process.env['E2E_HOSTS_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'hibahin-e2e-hosts-'));

const proxied = { public: `https://127.0.0.1:${port}`, upstream: port + 1 };
const embeddedPort = port + 2;

export default defineConfig({
	testDir: './tests/e2e',
	testMatch: ['behind-proxy.spec.ts', 'other-hosts.spec.ts'],
	// The proxy's journeys share one visitor address, the proxy's client: they run in turn.
	workers: 1,
	forbidOnly: Boolean(process.env.CI),
	retries: process.env.CI ? 1 : 0,
	reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
	use: {
		trace: 'retain-on-failure',
		launchOptions: { args: chromiumArgs, ...(executablePath ? { executablePath } : {}) },
	},
	projects: [
		{
			name: 'behind-proxy',
			testMatch: 'behind-proxy.spec.ts',
			use: { ...devices['Desktop Chrome'], baseURL: proxied.public, ignoreHTTPSErrors: true },
		},
		{
			name: 'other-hosts',
			testMatch: 'other-hosts.spec.ts',
			use: { ...devices['Desktop Chrome'] },
		},
	],
	webServer: [
		{
			// The server fetches its own provider through the proxy, so it trusts the certificate.
			command: `node tests/e2e/support/tls-proxy.ts certificate ${proxyDir} && node server/start.mjs`,
			url: `http://127.0.0.1:${proxied.upstream}/healthz`,
			reuseExistingServer: false,
			timeout: 120_000,
			env: {
				PORT: String(proxied.upstream),
				HOST: '127.0.0.1',
				PUBLIC_URL: proxied.public,
				TRUST_PROXY: 'true',
				NODE_EXTRA_CA_CERTS: join(proxyDir, 'cert.pem'),
				DATA_DIR: process.env['E2E_PROXY_DATA_DIR'],
				DEMO_DATA: 'off',
			},
		},
		{
			command: `node tests/e2e/support/tls-proxy.ts serve ${proxyDir} ${port} ${proxied.upstream}`,
			url: `${proxied.public}/healthz`,
			ignoreHTTPSErrors: true,
			reuseExistingServer: false,
			timeout: 30_000,
		},
		{
			command: 'node server/start.mjs',
			url: `http://127.0.0.1:${embeddedPort}/healthz`,
			reuseExistingServer: false,
			timeout: 120_000,
			env: {
				PORT: String(embeddedPort),
				HOST: '0.0.0.0',
				DATA_DIR: process.env['E2E_HOSTS_DATA_DIR'],
				DEMO_DATA: 'off',
			},
		},
	],
});
