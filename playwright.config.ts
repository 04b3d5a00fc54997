import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices, type ReporterDescription } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/browser.mjs';
import { e2ePorts } from './tests/e2e/support/ports';

/**
 * Every browser journey, in projects that each run against servers of their own (their ports in
 * `tests/e2e/support/ports.ts`):
 * - `main`: most journeys, on a database holding only the people journeys start signed in as;
 * - `seeded-full`, `seeded-sparse`: the journeys tagged `@full` or `@sparse`, on servers seeded
 *   with known donations and supporters (decision 007);
 * - `behind-proxy`: the site as deployed, behind nginx terminating TLS;
 * - `other-hosts`: the site opened by the machine's network address, as a phone on the same
 *   network would.
 * Every server starts whichever projects a run selects, and a failing project stops no other.
 * Run after `npm run build`; the proxy needs nginx (`node scripts/ensure-nginx.mjs`).
 */
const executablePath = findChromium();
const urlOf = (port: number) => `http://127.0.0.1:${port}`;

// Made once by the main process; its workers inherit the environment, so they see the same.
process.env['E2E_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'hibahin-e2e-'));
process.env['E2E_PROXY_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'hibahin-e2e-proxied-'));
process.env['E2E_HOSTS_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'hibahin-e2e-hosts-'));
// The proxy's certificate, fixed per port for the same reason.
const proxyDir = join(tmpdir(), `hibahin-e2e-proxy-${e2ePorts.proxy}`);
const proxyURL = `https://127.0.0.1:${e2ePorts.proxy}`;

const seededSpecs = [
	'heroes.spec.ts',
	'support.spec.ts',
	'phone-widths.spec.ts',
	'reservation-expiry.spec.ts',
	'stale-listings.spec.ts',
	'choosing.spec.ts',
];
const seededServers = [
	{ name: 'full', port: e2ePorts.seededFull },
	{ name: 'sparse', port: e2ePorts.seededSparse },
] as const;
// Fixed per port, so every worker process computes the same folders as the main one.
const seededDataDirOf = (port: number) => join(tmpdir(), `hibahin-e2e-seeded-${port}`);

/** Where each server answers once it has started, the proxy's through the server behind it. */
const serverUrls = [
	`${urlOf(e2ePorts.main)}/`,
	...seededServers.map((server) => `${urlOf(server.port)}/`),
	`${urlOf(e2ePorts.proxied)}/healthz`,
	`${proxyURL}/healthz`,
	`${urlOf(e2ePorts.otherHosts)}/healthz`,
];

/** Read by `scripts/test-report.mjs`: each project's time, the slowest journeys, the flaky ones. */
const jsonReport: ReporterDescription = ['json', { outputFile: 'test-results/e2e.json' }];

export default defineConfig({
	testDir: './tests/e2e',
	fullyParallel: true,
	forbidOnly: Boolean(process.env.CI),
	// A journey that passes on its retry does not fail CI; the report lists it as flaky.
	retries: process.env.CI ? 1 : 0,
	workers: 2,
	reporter: process.env.CI
		? [['list'], jsonReport]
		: [['list'], jsonReport, ['html', { open: 'never' }]],
	use: {
		// Recording a trace slows every journey (21 drawer, item, navigation and toast journeys took
		// 14% longer traced than not, one run after the other): CI records only the retry of a
		// journey that failed, which is the try worth reading; a run without retries records every
		// journey and keeps the traces of those that failed.
		trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
		// Without the service worker, each journey sees the server's own answers (and its routes and
		// offline switch act on them) and no journey waits for a precache; `app-install.spec.ts`
		// allows it for the journeys about it.
		serviceWorkers: 'block',
		launchOptions: { args: chromiumArgs, ...(executablePath ? { executablePath } : {}) },
	},
	projects: [
		{
			name: 'main',
			testIgnore: [...seededSpecs, 'behind-proxy.spec.ts', 'other-hosts.spec.ts'],
			// Accessibility checks that need the seeded data run in the seeded projects.
			grepInvert: /@full\b|@sparse\b/,
			use: { ...devices['Desktop Chrome'], baseURL: urlOf(e2ePorts.main) },
		},
		...seededServers.map((server) => ({
			name: `seeded-${server.name}`,
			testMatch: [...seededSpecs, 'accessibility.spec.ts'],
			grep: new RegExp(`@${server.name}\\b`),
			use: { ...devices['Desktop Chrome'], baseURL: urlOf(server.port) },
		})),
		{
			name: 'behind-proxy',
			testMatch: 'behind-proxy.spec.ts',
			// Its journeys share one visitor address, the proxy's client: they run in turn, in order.
			fullyParallel: false,
			workers: 1,
			use: { ...devices['Desktop Chrome'], baseURL: proxyURL, ignoreHTTPSErrors: true },
		},
		{
			name: 'other-hosts',
			testMatch: 'other-hosts.spec.ts',
			fullyParallel: false,
			use: { ...devices['Desktop Chrome'] },
		},
	],
	// The servers start side by side (`tests/e2e/support/servers-ready.ts`): none names a URL for
	// Playwright to wait on before it starts the next; the last entry waits for them all.
	webServer: [
		{
			name: 'ports',
			command: `node tests/e2e/support/servers-ready.ts free ${serverUrls.join(' ')}`,
			wait: { stdout: /^free$/m },
			timeout: 30_000,
		},
		{
			name: 'main',
			command: `node tests/e2e/support/seed.ts ${process.env['E2E_DATA_DIR']} main && node server/start.mjs`,
			env: {
				PORT: String(e2ePorts.main),
				HOST: '127.0.0.1',
				PUBLIC_URL: urlOf(e2ePorts.main),
				DATA_DIR: process.env['E2E_DATA_DIR'],
				DEMO_DATA: 'off',
				// Each test presents its own X-Forwarded-For address, so per-visitor limits apply per test.
				TRUST_PROXY: 'true',
				// The simulated courier moves a step a second, so a journey's delivery is seen at once.
				SIMULATED_COURIER_STEP_SECONDS: '1',
			},
		},
		// Each seeded server first fills a data folder of its own and copies the build into it, so a
		// rebuild of `dist/` meanwhile does not disturb it (`tests/e2e/support/seed.ts`).
		...seededServers.map((server) => ({
			name: `seeded-${server.name}`,
			command: [
				`node tests/e2e/support/seed.ts ${seededDataDirOf(server.port)} ${server.name}`,
				`node ${join(seededDataDirOf(server.port), 'app/server/start.mjs')}`,
			].join(' && '),
			env: {
				PORT: String(server.port),
				HOST: '127.0.0.1',
				PUBLIC_URL: urlOf(server.port),
				DATA_DIR: seededDataDirOf(server.port),
				DEMO_DATA: 'off',
				SIMULATED_COURIER_STEP_SECONDS: '1',
			},
		})),
		{
			name: 'proxied',
			// The certificate is the proxy's own (made by its entry), which the server does not trust:
			// it reaches its built-in provider over the loopback, not through the proxy.
			command: 'node server/start.mjs',
			env: {
				PORT: String(e2ePorts.proxied),
				HOST: '127.0.0.1',
				PUBLIC_URL: proxyURL,
				TRUST_PROXY: 'true',
				DATA_DIR: process.env['E2E_PROXY_DATA_DIR'],
				DEMO_DATA: 'off',
			},
		},
		{
			name: 'proxy',
			command: [
				`node tests/e2e/support/tls-proxy.ts certificate ${proxyDir}`,
				`node tests/e2e/support/tls-proxy.ts serve ${proxyDir} ${e2ePorts.proxy} ${e2ePorts.proxied}`,
			].join(' && '),
		},
		{
			name: 'other-hosts',
			command: 'node server/start.mjs',
			env: {
				PORT: String(e2ePorts.otherHosts),
				HOST: '0.0.0.0',
				DATA_DIR: process.env['E2E_HOSTS_DATA_DIR'],
				DEMO_DATA: 'off',
			},
		},
		{
			name: 'ready',
			command: `node tests/e2e/support/servers-ready.ts ready ${serverUrls.join(' ')}`,
			wait: { stdout: /^ready$/m },
			timeout: 180_000,
		},
	],
});
