/**
 * Trust and safety: someone reports an item, a moderator hides it from the desk and its owner
 * sees why; a moderator suspends a reported person, who can then sign in and browse but not
 * report, and lifts the suspension.
 */
import type { Browser, Page } from '@playwright/test';
import enErrors from '../../locales/en/errors.json' with { type: 'json' };
import enModeration from '../../locales/en/moderation.json' with { type: 'json' };
import enNotifications from '../../locales/en/notifications.json' with { type: 'json' };
import enReports from '../../locales/en/reports.json' with { type: 'json' };
import idErrors from '../../locales/id/errors.json' with { type: 'json' };
import idModeration from '../../locales/id/moderation.json' with { type: 'json' };
import idNotifications from '../../locales/id/notifications.json' with { type: 'json' };
import idReports from '../../locales/id/reports.json' with { type: 'json' };
import type { NotificationList } from '../../src/features/notifications/notifications';
import {
	accountTexts,
	expect,
	islandReady,
	signedIn,
	signInAgain,
	signUpComplete,
	test,
	userMenu,
	userMenuButton,
} from './support/accounts';
import { fill, type Locale, localePath } from './support/i18n';
import { listItem } from './support/items';
import { otherVisitor } from './support/visitors';

const texts = {
	id: {
		errors: idErrors,
		moderation: idModeration,
		notifications: idNotifications,
		reports: idReports,
	},
	en: {
		errors: enErrors,
		moderation: enModeration,
		notifications: enNotifications,
		reports: enReports,
	},
} satisfies Record<Locale, unknown>;

test.use({ viewport: { width: 1280, height: 900 } });
// Three people, each on their own screens.
test.describe.configure({ timeout: 120_000 });

/** Reports what the page shows with the report dialog: the reason, then send. */
async function reportWithDialog(page: Page, locale: Locale, button: string, reason: string) {
	const { reports } = texts[locale];
	const open = page.getByRole('button', { name: button });
	// The button is an island that loads when the page is idle: a click before it does nothing.
	await islandReady(open);
	await open.click();
	const dialog = page.getByRole('dialog');
	await dialog.getByRole('radio', { name: reason }).check();
	await dialog.getByRole('button', { name: reports.dialog.submit }).click();
}

async function notificationTexts(page: Page, locale: Locale): Promise<string[]> {
	const response = await page.request.get('/api/notifications', {
		headers: { 'Accept-Language': locale },
	});
	return ((await response.json()) as { data: NotificationList }).data.notifications.map(
		(notification) => notification.text,
	);
}

/** A moderator signed in on a page of their own. */
async function moderatorDesk(browser: Browser, baseURL: string, locale: Locale): Promise<Page> {
	const desk = await otherVisitor(browser, baseURL);
	await signedIn(desk, { locale, kind: 'moderator' });
	return desk;
}

test('a reported item is hidden from the desk and its owner sees why', async ({
	page: donor,
	browser,
	baseURL,
}) => {
	const locale: Locale = 'id';
	const { moderation, notifications, reports } = texts[locale];
	const donorName = (await signedIn(donor, { locale })).profile.name;
	const item = await listItem(donor, `Kipas angin ${locale} ${Date.now()}`);
	const itemPath = localePath(`/items/${item.id}`, locale);

	const reporter = await otherVisitor(browser, baseURL!);
	await signedIn(reporter, { locale });
	await reporter.goto(itemPath);
	await reportWithDialog(reporter, locale, reports.buttonItem, reports.reasons.askingMoney);
	await expect(reporter.getByText(reports.thanks)).toBeVisible();
	// The desk does not exist for anyone but moderators, nor does its link in their menu.
	const refused = await reporter.request.get(localePath('/moderation', locale));
	expect(refused.status()).toBe(404);
	await reporter.goto(localePath('/my-requests', locale));
	await expect(userMenu(reporter, locale).locator('a[href$="/moderation"]')).toHaveCount(0);

	const desk = await moderatorDesk(browser, baseURL!, locale);
	await desk.goto(localePath('/my-requests', locale));
	await userMenuButton(desk, locale).click();
	await userMenu(desk, locale)
		.getByRole('link', { name: accountTexts[locale].nav.account.moderation })
		.click();
	await expect(desk).toHaveURL(localePath('/moderation', locale));
	await expect(desk.getByRole('heading', { level: 1, name: moderation.title })).toBeVisible();
	const entry = desk.locator(`[data-target="item:${item.id}"]`);
	await expect(entry.getByTestId('report-reason')).toHaveText(reports.reasons.askingMoney);
	await expect(entry.locator('img')).toHaveCount(1);
	const hide = entry.getByRole('button', { name: moderation.actions.hideItem });
	await islandReady(hide);
	await hide.click();
	// Hiding asks first, naming the item and its donor.
	const asking = desk.getByRole('dialog', { name: moderation.hideDialog.title });
	await expect(asking).toContainText(
		fill(moderation.hideDialog.message, { item: item.name, donor: donorName }),
	);
	await asking.getByRole('button', { name: moderation.hideDialog.confirm }).click();
	const logged = desk.getByTestId('audit-log').locator('li').first();
	await expect(logged).toContainText(`${moderation.actions.hideItem} · ${item.name} ·`);
	await expect(logged.getByRole('link', { name: item.name })).toHaveAttribute(
		'href',
		localePath(`/items/${item.id}`, locale),
	);

	await donor.goto(itemPath);
	await expect(donor.getByTestId('item-under-review')).toHaveText(reports.hiddenByModerator);
	expect(await notificationTexts(donor, locale)).toContain(
		fill(notifications.kinds.itemHiddenWithReason, {
			item: item.name,
			reason: reports.reasons.askingMoney,
		}),
	);
	expect(await notificationTexts(reporter, locale)).toContain(notifications.kinds.reportActioned);
	await donor.goto(localePath(`/items?search=${encodeURIComponent(item.name)}`, locale));
	await expect(donor.getByRole('link', { name: item.name })).toHaveCount(0);
});

test('a moderator suspends a reported person, who can sign in and browse but not report, and lifts it', async ({
	page: person,
	browser,
	baseURL,
}) => {
	const locale: Locale = 'en';
	const { errors, moderation, notifications, reports } = texts[locale];
	// They sign in again once suspended, so they sign up through the forms with a password.
	const account = await signUpComplete(person, { locale });
	const profilePath = await person.evaluate(async () => {
		const response = await fetch('/api/profile/check');
		return `/profile/${((await response.json()) as { data: { userId: string } }).data.userId}`;
	});

	const reporter = await otherVisitor(browser, baseURL!);
	await signedIn(reporter, { locale });
	const other = await listItem(reporter, `Rak buku ${locale} ${Date.now()}`);
	await reporter.goto(localePath(profilePath, locale));
	await reportWithDialog(reporter, locale, reports.buttonUser, reports.reasons.scam);
	await expect(reporter.getByText(reports.thanks)).toBeVisible();

	const desk = await moderatorDesk(browser, baseURL!, locale);
	await desk.goto(localePath('/moderation', locale));
	const entry = desk.locator(`[data-target="user:${profilePath.slice('/profile/'.length)}"]`);
	await islandReady(entry.getByLabel(moderation.days));
	await entry.getByLabel(moderation.days).selectOption('7');
	await entry.getByRole('button', { name: moderation.actions.suspendUser }).click();
	const suspendedList = desk.getByTestId('suspended-people');
	await expect(suspendedList.getByRole('link', { name: account.profile.name })).toBeVisible();

	// Signed out at once; signing in again, they can browse but not report.
	const signedOut = await person.request.get(localePath('/my-items', locale), { maxRedirects: 0 });
	expect(signedOut.status()).toBe(302);
	expect(new URL(signedOut.headers()['location']!, baseURL).pathname).toBe(
		localePath('/login', locale),
	);
	await signInAgain(person, account);
	await person.goto(localePath(`/items/${other.id}`, locale));
	await reportWithDialog(person, locale, reports.buttonItem, reports.reasons.spam);
	await expect(person.getByRole('dialog').getByRole('alert')).toHaveText(errors.ACCOUNT_SUSPENDED);
	expect(await notificationTexts(person, locale)).toContain(
		fill(notifications.kinds.accountSuspendedWithReason, { reason: reports.reasons.scam }),
	);

	const lift = suspendedList
		.getByRole('listitem')
		.filter({ hasText: account.profile.name })
		.getByRole('button', { name: moderation.actions.liftSuspension });
	await islandReady(lift);
	// The desk reloads once the action is answered: wait for that answer, so a lost click or a
	// refusal says so here rather than as a list that did not change.
	const lifted = desk.waitForResponse(
		(response) =>
			response.url().endsWith('/api/moderation/actions') && response.request().method() === 'POST',
	);
	await lift.click();
	expect((await lifted).ok()).toBe(true);
	await expect(suspendedList.getByRole('link', { name: account.profile.name })).toHaveCount(0);
	await person.reload();
	await reportWithDialog(person, locale, reports.buttonItem, reports.reasons.spam);
	await expect(person.getByText(reports.thanks)).toBeVisible();
});
