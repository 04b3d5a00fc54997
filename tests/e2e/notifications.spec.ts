/**
 * The notification bell in the navigation: what a donor sees when someone asks for their item,
 * how the panel opens and closes, and that signed-out visitors get no bell at all.
 */
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import enNotifications from '../../locales/en/notifications.json' with { type: 'json' };
import idNotifications from '../../locales/id/notifications.json' with { type: 'json' };
import { notificationPollMs } from '../../src/features/notifications/notifications';
import { accountTexts, expect, signedIn, signedInNewcomer, test } from './support/accounts';
import { fill, type Locale, localePath } from './support/i18n';
import { listItem } from './support/items';
import { otherVisitor } from './support/visitors';

const texts = {
	id: { ...accountTexts.id, notifications: idNotifications },
	en: { ...accountTexts.en, notifications: enNotifications },
} satisfies Record<Locale, unknown>;

/** How long ago something that just happened reads, a minute or two later on a busy machine. */
const justNow = { id: /^(sekarang|\d menit yang lalu)$/, en: /^(now|\d minutes? ago)$/ };

// Two people at most, both signed in from the start.
test.describe.configure({ timeout: 60_000 });

/** The bell's button, by the name it has with `unread` unread notifications. */
function bellButton(page: Page, locale: Locale, unread = 0) {
	const { bell } = texts[locale].notifications;
	const name = unread > 0 ? fill(bell.labelUnread, { unread }) : bell.label;
	return page.getByRole('banner').getByRole('button', { name, exact: true });
}

/** The panel the bell opens. */
function bellPanel(page: Page) {
	return page.locator('#notification-panel');
}

/** Whether an answer is the bell's list. */
function isNotificationList(url: string): boolean {
	return new URL(url).pathname === '/api/notifications';
}

test('a donor reads a request for their item on the bell, and it stays read', async ({
	page,
	browser,
	baseURL,
}) => {
	const locale: Locale = 'id';
	const { notifications } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	await signedIn(page, { locale });
	const item = await listItem(page, `Kursi lipat ${locale} ${randomInt(1e6)}`);
	// Nothing has happened yet: the bell carries no count.
	await page.goto(at('/my-items'));
	await expect(bellButton(page, locale)).toBeVisible();
	await expect(page.locator('[data-bell-badge]')).toBeHidden();

	const receiver = await otherVisitor(browser, baseURL!);
	const { profile } = await signedIn(receiver, { locale });
	const asked = await receiver.request.post(`/api/items/${item.id}/requests`, {
		data: { quantity: 1 },
		headers: { Origin: new URL(baseURL!).origin },
	});
	expect(asked.status(), await asked.text()).toBe(201);

	// The home page is the same for everyone: it learns in the browser who is signed in.
	await page.clock.install();
	await page.goto(at('/'));
	const bell = bellButton(page, locale, 1);
	await expect(bell).toBeVisible();
	await expect(page.locator('[data-bell-badge]')).toHaveText('1');
	await expect(bell).toHaveAttribute('aria-expanded', 'false');
	await expect(bell).toHaveAttribute('aria-controls', 'notification-panel');

	// A poll of the unchanged list is answered with an empty 304.
	const poll = page.waitForResponse(
		(response) =>
			isNotificationList(response.url()) &&
			response.request().headers()['if-none-match'] !== undefined,
	);
	await page.clock.fastForward(notificationPollMs);
	expect((await poll).status()).toBe(304);

	const markedRead = page.waitForResponse(
		(response) => new URL(response.url()).pathname === '/api/notifications/read',
	);
	await bell.click();
	await expect(bellPanel(page)).toBeVisible();
	const entry = bellPanel(page).getByRole('link', {
		name: fill(notifications.kinds.requestCreated_one, {
			name: profile.name,
			count: 1,
			item: item.name,
		}),
	});
	await expect(entry).toHaveAttribute('href', at(`/my-items/${item.id}/requests`));
	await expect(entry).toContainText(notifications.bell.unread);
	await expect(entry.locator('time')).toHaveText(justNow[locale]);
	expect((await markedRead).status()).toBe(200);

	// Opened, the list counts as read: the badge is gone, and stays gone after a reload.
	await expect(bellButton(page, locale)).toHaveAttribute('aria-expanded', 'true');
	await expect(page.locator('[data-bell-badge]')).toBeHidden();
	await page.reload();
	await expect(bellButton(page, locale)).toBeVisible();
	await expect(page.locator('[data-bell-badge]')).toBeHidden();
	await bellButton(page, locale).click();
	await expect(bellPanel(page).getByRole('link')).toHaveCount(1);
	await expect(bellPanel(page).getByRole('link')).not.toContainText(notifications.bell.unread);
});

test('signed-out visitors see no bell and ask for no notifications', async ({ page }) => {
	const asked: string[] = [];
	page.on('request', (request) => {
		if (isNotificationList(request.url())) asked.push(request.url());
	});
	const locale: Locale = 'en';
	for (const path of ['/', '/items', '/terms']) {
		await page.goto(localePath(path, locale));
		await page.waitForLoadState('networkidle');
		await expect(page.locator('[data-notification-bell]')).toBeHidden();
		await expect(bellButton(page, locale)).toHaveCount(0);
	}
	expect(asked).toEqual([]);
});

test.describe('the panel', () => {
	test('opens from the keyboard, says when nothing came yet, and closes with Escape (en)', async ({
		page,
	}) => {
		const { notifications } = texts.en;
		await signedInNewcomer(page, 'en');
		await page.goto('/en/terms');
		const bell = bellButton(page, 'en');

		await bell.focus();
		await page.keyboard.press('Enter');
		await expect(bell).toHaveAttribute('aria-expanded', 'true');
		await expect(bellPanel(page)).toContainText(notifications.bell.empty);
		await expect(bellPanel(page)).toContainText(notifications.bell.emptyHint);

		await page.keyboard.press('Escape');
		await expect(bellPanel(page)).toBeHidden();
		await expect(bell).toHaveAttribute('aria-expanded', 'false');
		await expect(bell).toBeFocused();

		// A click anywhere else closes it too.
		await bell.click();
		await expect(bellPanel(page)).toBeVisible();
		await page.getByRole('heading', { level: 1 }).click();
		await expect(bellPanel(page)).toBeHidden();
	});

	test.describe('on a phone', () => {
		test.use({ viewport: { width: 390, height: 800 } });

		test('fits the screen without sideways scrolling (id)', async ({ page }) => {
			await signedInNewcomer(page, 'id');
			await page.goto('/');
			await bellButton(page, 'id').click();
			const panel = bellPanel(page);
			await expect(panel).toContainText(texts.id.notifications.bell.empty);

			const box = await panel.boundingBox();
			expect(box!.x).toBeGreaterThanOrEqual(0);
			expect(box!.x + box!.width).toBeLessThanOrEqual(390);
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
				390,
			);
		});
	});

	test('says when the list cannot be loaded, and loads it on a retry (id)', async ({ page }) => {
		const { bell } = texts.id.notifications;
		await signedInNewcomer(page, 'id');
		await page.route(
			(url) => isNotificationList(url.href),
			(route) => route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: '' } } }),
		);
		// Where a new account lands.
		await page.goto('/complete-profile');
		await bellButton(page, 'id').click();
		await expect(bellPanel(page).getByRole('alert')).toHaveText(
			new RegExp(`^\\s*${bell.error}\\s*${bell.retry}\\s*$`),
		);

		await page.unrouteAll();
		await bellPanel(page).getByRole('button', { name: bell.retry }).click();
		await expect(bellPanel(page)).toContainText(bell.empty);
		await expect(bellPanel(page).getByRole('alert')).toBeHidden();
	});
});
