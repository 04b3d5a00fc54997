import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/browser.mjs';
import { moderatorEmails } from './tests/e2e/support/moderators';

const port = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${port}`;
const executablePath = findChromium();
// Every run starts from an embedded database holding only the signed-in people journeys start as
// (`tests/e2e/support/seeded-accounts.ts`), so journeys create their own data.
process.env['E2E_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'hibahin-e2e-'));
const dataDir = process.env['E2E_DATA_DIR'];

export default defineConfig({
	testDir: './tests/e2e',
	// These journeys need servers of their own: `playwright.heroes.config.ts` (seeded data) and
	// `playwright.proxy.config.ts` (behind a TLS proxy, opened by other hosts).
	testIgnore: [
		'heroes.spec.ts',
		'support.spec.ts',
		'phone-widths.spec.ts',
		'reservation-expiry.spec.ts',
		'behind-proxy.spec.ts',
		'other-hosts.spec.ts',
	],
	fullyParallel: true,
	forbidOnly: Boolean(process.env.CI),
	retries: process.env.CI ? 1 : 0,
	workers: 2,
	reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
	use: {
		baseURL,
		trace: 'retain-on-failure',
		launchOptions: { args: chromiumArgs, ...(executablePath ? { executablePath } : {}) },
	},
	projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
	webServer: {
		command: `node tests/e2e/support/seed.ts ${dataDir} main && node server/start.mjs`,
		url: `${baseURL}/`,
		reuseExistingServer: false,
		timeout: 120_000,
		env: {
			PORT: String(port),
			HOST: '127.0.0.1',
			PUBLIC_URL: baseURL,
			DATA_DIR: dataDir,
			DEMO_DATA: 'off',
			// Each test presents its own X-Forwarded-For address, so per-visitor limits apply per test.
			TRUST_PROXY: 'true',
			// The simulated courier moves a step a second, so a journey's delivery is seen at once.
			SIMULATED_COURIER_STEP_SECONDS: '1',
			// Moderators who sign up through the forms, one per journey, language and try.
			MODERATOR_EMAILS: moderatorEmails(['money']),
		},
	},
});
