/**
 * A giving from start to finish, each person on their own screens: a receiver asks on the item
 * page (the WhatsApp chat still opens), the donor finds the request from My items and reserves
 * it, another visitor finds the item Reserved, the donor hands it over, the receiver confirms from
 * the bell, and the rankings and both public profiles count it.
 */
import { randomBytes } from 'node:crypto';
import type { Locator } from '@playwright/test';
import enItem from '../../locales/en/item.json' with { type: 'json' };
import enItemDetail from '../../locales/en/itemDetail.json' with { type: 'json' };
import enItemRequests from '../../locales/en/itemRequests.json' with { type: 'json' };
import enMyRequests from '../../locales/en/myRequests.json' with { type: 'json' };
import enNotifications from '../../locales/en/notifications.json' with { type: 'json' };
import enProfile from '../../locales/en/profile.json' with { type: 'json' };
import idItem from '../../locales/id/item.json' with { type: 'json' };
import idItemDetail from '../../locales/id/itemDetail.json' with { type: 'json' };
import idItemRequests from '../../locales/id/itemRequests.json' with { type: 'json' };
import idMyRequests from '../../locales/id/myRequests.json' with { type: 'json' };
import idNotifications from '../../locales/id/notifications.json' with { type: 'json' };
import idProfile from '../../locales/id/profile.json' with { type: 'json' };
import { expect, islandHydrated, signedIn, test } from './support/accounts';
import { fill, type Locale, localePath } from './support/i18n';
import { listItem } from './support/items';
import { openedUrls, otherVisitor, recordWindowOpen } from './support/visitors';

const texts = {
	id: {
		item: idItem,
		itemDetail: idItemDetail,
		itemRequests: idItemRequests,
		myRequests: idMyRequests,
		notifications: idNotifications,
		profile: idProfile,
	},
	en: {
		item: enItem,
		itemDetail: enItemDetail,
		itemRequests: enItemRequests,
		myRequests: enMyRequests,
		notifications: enNotifications,
		profile: enProfile,
	},
} satisfies Record<Locale, unknown>;

test.use({ viewport: { width: 1280, height: 900 } });
// Three people, each on their own screens.
test.describe.configure({ timeout: 120_000 });

/** The figure of a giving record's row labelled `label`. */
function givingRow(record: Locator, label: string): Locator {
	return record
		.locator('dl > div')
		.filter({ has: record.page().getByText(label, { exact: true }) })
		.locator('dd');
}

// The journey runs in English; the language of every page is checked in `page-languages.spec.ts`.
const locale: Locale = 'en';
const { item, itemDetail, itemRequests, myRequests, notifications, profile } = texts[locale];
const at = (path: string) => localePath(path, locale);

test('a giving goes from the item page to the rankings, confirmed by its receiver', async ({
	page,
	browser,
	baseURL,
}) => {
	const tag = randomBytes(3).toString('hex').toUpperCase();
	const donor = await signedIn(page, { locale });
	const donorName = donor.profile.name;
	const listed = await listItem(page, `Meja lipat ${tag}`, 1, 1);
	const itemPath = at(`/items/${listed.id}`);

	// The receiver asks on the item page: the request is recorded and the chat opens.
	const receiver = await otherVisitor(browser, baseURL!);
	await recordWindowOpen(receiver);
	const receiverAccount = await signedIn(receiver, { locale });
	const receiverName = receiverAccount.profile.name;
	await receiver.goto(itemPath);
	await islandHydrated(receiver, 'ItemDetail');
	await receiver.getByRole('button', { name: new RegExp(itemDetail.whatsapp.contact) }).click();
	await expect
		.poll(() => openedUrls(receiver))
		.toEqual([expect.stringMatching(/^https:\/\/wa\.me\/62\d+\?text=/)]);
	await expect(receiver.getByText(fill(myRequests.status.open_one, { count: 1 }))).toBeVisible();

	// The donor finds it from My items and reserves it on the item's requests page.
	await page.goto(at('/my-items'));
	await page
		.getByRole('link', {
			name: `${fill(itemRequests.summary.count_one, { count: 1 })} ${fill(itemRequests.summary.new_one, { count: 1 })}`,
		})
		.click();
	await islandHydrated(page, 'ItemRequests');
	const request = page.getByRole('article', { name: new RegExp(`^${receiverName}`) });
	await request.getByRole('button', { name: itemRequests.actions.reserve, exact: true }).click();
	await expect(request.getByText(itemRequests.states.reserved, { exact: true })).toBeVisible();

	// Anyone else now finds the item Reserved.
	const visitor = await otherVisitor(browser, baseURL!);
	await visitor.goto(itemPath);
	await expect(visitor.getByRole('main').locator('header [data-status]')).toHaveText(
		item.status.RESERVED,
	);

	// The donor hands it over; nothing is left, so the item is given away.
	await request.getByRole('button', { name: itemRequests.actions.handOver }).click();
	await page
		.getByRole('dialog', { name: fill(itemRequests.handOverDialog.title, { name: receiverName }) })
		.getByRole('button', { name: itemRequests.handOverDialog.confirm })
		.click();
	await expect(request.getByText(itemRequests.states.handedOver, { exact: true })).toBeVisible();

	// The receiver is told on the bell, follows it and confirms.
	await receiver.goto(at('/'));
	const bell = receiver.getByRole('banner').locator('[aria-controls="notification-panel"]');
	await expect(receiver.locator('[data-bell-badge]')).toBeVisible({ timeout: 15_000 });
	await bell.click();
	const handedOver = fill(notifications.kinds.handedOver_one, {
		name: donorName,
		count: 1,
		item: listed.name,
	});
	await receiver.locator('#notification-panel').getByRole('link', { name: handedOver }).click();
	await receiver.waitForURL((url) => url.pathname === at('/my-requests'));
	const toConfirm = receiver.getByRole('region', { name: myRequests.groups.toConfirm });
	await toConfirm.getByRole('button', { name: myRequests.actions.confirm }).click();
	await receiver
		.getByRole('dialog', { name: myRequests.dialogs.confirm.title })
		.getByRole('button', { name: myRequests.dialogs.confirm.confirm })
		.click();
	await expect(receiver.getByText(myRequests.toasts.confirmed)).toBeVisible();
	await expect(
		receiver
			.getByRole('region', { name: myRequests.groups.finished })
			.getByText(fill(myRequests.status.confirmed_one, { count: 1 })),
	).toBeVisible();

	// The rankings count it: 10 for the one item and 2 for its 2 kg.
	await visitor.goto(at('/heroes/rankings'));
	const row = visitor.getByRole('row').filter({ hasText: donorName });
	await expect(row).toBeVisible();
	await expect(row).toContainText('12');

	// Both public profiles show the giving, one as given and one as received.
	await visitor.goto(at(`/profile/${donor.id}`));
	const given = visitor.getByRole('region', { name: profile.givings.title });
	await expect(givingRow(given, profile.givings.givenConfirmed)).toHaveText('1');
	await visitor.goto(at(`/profile/${receiverAccount.id}`));
	const received = visitor.getByRole('region', { name: profile.givings.title });
	await expect(givingRow(received, profile.givings.received)).toHaveText('1');
});
