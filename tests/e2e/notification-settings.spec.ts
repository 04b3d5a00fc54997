/**
 * The notification settings page: a choice and quiet hours kept across a reload, and push on
 * this device telling what it can. No push service is reachable from here, so turning push on
 * ends in the page's own translated error, never a crash.
 */
import { gzipSync } from 'node:zlib';
import type { Response } from '@playwright/test';
import enNotifications from '../../locales/en/notifications.json' with { type: 'json' };
import { jsBudgetsKb } from '../../scripts/bench/page-budgets.mjs';
import { expect, signedIn, test } from './support/accounts';
import { fill, localePath } from './support/i18n';

const { settings, push } = enNotifications;
const at = (path: string) => localePath(path, 'en');

/** What `npm run bench` holds a page built around a React island to: gzip JavaScript, in KB. */
const islandPageBudgetKb = jsBudgetsKb.items;

// Push on this device needs the site's service worker, which other journeys keep out.
test.use({ serviceWorkers: 'allow' });

test('a person turns a choice and quiet hours to their liking, finds them kept, and tries push on this device', async ({
	page,
	context,
}) => {
	await context.grantPermissions(['notifications']);
	await signedIn(page, { locale: 'en' });
	const scripts: Response[] = [];
	page.on('response', (response) => {
		if (response.request().resourceType() === 'script') scripts.push(response);
	});
	await page.goto(at('/settings/notifications'), { waitUntil: 'networkidle' });
	await expect(page.getByRole('heading', { level: 1, name: settings.title })).toBeVisible();
	const bodies = await Promise.all(scripts.map((response) => response.body()));
	const gzipKb = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024;
	expect(gzipKb, 'gzip JavaScript of the page, KB').toBeLessThanOrEqual(islandPageBudgetKb);
	page.removeAllListeners('response');

	const savedSearchMail = page.getByRole('switch', {
		name: fill(settings.switchLabel, {
			channel: settings.channels.email,
			kind: settings.kinds.savedSearches.title,
		}),
	});
	await expect(savedSearchMail).toBeChecked();
	const saved = (url: string) => url.endsWith('/api/notification-settings');
	const mailSaved = page.waitForResponse((response) => saved(response.url()));
	await savedSearchMail.uncheck();
	expect((await mailSaved).status()).toBe(200);
	await expect(page.getByText(settings.saved).first()).toBeVisible();

	const quietHours = page.getByRole('switch', { name: settings.quietHours.toggle });
	await expect(quietHours).toBeChecked();
	const start = page.getByLabel(settings.quietHours.start, { exact: true });
	await expect(start).toHaveValue('21:00');
	const startSaved = page.waitForResponse((response) => saved(response.url()));
	await start.fill('22:30');
	await start.blur();
	expect((await startSaved).status()).toBe(200);

	// The page registers the worker once it is idle; after a reload it is ready.
	await page.evaluate(() => navigator.serviceWorker.ready);
	await page.reload();
	await expect(savedSearchMail).not.toBeChecked();
	await expect(
		page.getByRole('switch', {
			name: fill(settings.switchLabel, {
				channel: settings.channels.push,
				kind: settings.kinds.savedSearches.title,
			}),
		}),
	).toBeChecked();
	await expect(quietHours).toBeChecked();
	await expect(start).toHaveValue('22:30');
	await expect(page.getByLabel(settings.quietHours.end, { exact: true })).toHaveValue('07:00');

	// Allowed, with a worker, not subscribed: off, with the button to turn it on.
	await expect(page.getByText(settings.device.off)).toBeVisible();
	await page.getByRole('button', { name: settings.device.turnOn }).click();
	await expect(page.getByRole('alert').filter({ hasText: push.failures.failed })).toBeVisible();
	await expect(page.getByText(settings.device.off)).toBeVisible();
});
