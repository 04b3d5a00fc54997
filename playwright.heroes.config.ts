import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/browser.mjs';
import { moderatorEmails } from './tests/e2e/support/moderators';

/**
 * The heroes and support journeys need known donations and supporters, and the phone-width
 * check wants pages filled as on a live site. The embedded database can be opened by one
 * process only, so tests cannot add rows while the server runs; instead each server's command
 * seeds its own data folder first (`tests/e2e/support/seed.ts`): `full` (twelve donors,
 * supporters) and `sparse` (three old donors, no supporters, for the centred top donors, the
 * empty month and the empty supporter lists; and two reservations written as if the clock had
 * moved on, one ended and one about to, for the expiry journeys). Each server runs a copy of the build taken at
 * start, so other work rebuilding `dist/` meanwhile does not disturb it.
 * Run: `npx playwright test -c playwright.heroes.config.ts` after `npm run build`.
 */
const port = Number(process.env.E2E_PORT ?? 4411);
const executablePath = findChromium();

const servers = [
	{ name: 'full', port },
	{ name: 'sparse', port: port + 1 },
] as const;

const urlOf = (serverPort: number) => `http://127.0.0.1:${serverPort}`;
// Fixed per port, so every worker process computes the same folders as the main one.
const dataDirOf = (name: string) => join(tmpdir(), `hibahin-e2e-heroes-${name}-${port}`);

export default defineConfig({
	testDir: './tests/e2e',
	testMatch: [
		'heroes.spec.ts',
		'support.spec.ts',
		'phone-widths.spec.ts',
		'reservation-expiry.spec.ts',
	],
	fullyParallel: true,
	forbidOnly: Boolean(process.env.CI),
	retries: process.env.CI ? 1 : 0,
	workers: 2,
	reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
	use: {
		trace: 'retain-on-failure',
		launchOptions: { args: chromiumArgs, ...(executablePath ? { executablePath } : {}) },
	},
	projects: servers.map((server) => ({
		name: `heroes-${server.name}`,
		grep: new RegExp(`@${server.name}\\b`),
		use: { ...devices['Desktop Chrome'], baseURL: urlOf(server.port) },
	})),
	webServer: servers.map((server) => ({
		command: [
			`node tests/e2e/support/seed.ts ${dataDirOf(server.name)} ${server.name}`,
			`node ${join(dataDirOf(server.name), 'app/server/start.mjs')}`,
		].join(' && '),
		url: `${urlOf(server.port)}/`,
		reuseExistingServer: false,
		timeout: 180_000,
		env: {
			PORT: String(server.port),
			HOST: '127.0.0.1',
			PUBLIC_URL: urlOf(server.port),
			DATA_DIR: dataDirOf(server.name),
			DEMO_DATA: 'off',
			// The phone-widths account of each language opens the moderation desk too.
			MODERATOR_EMAILS: moderatorEmails(['widths']),
		},
	})),
});
