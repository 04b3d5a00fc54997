/**
 * The donor's side of givings: the request counts on My items, the item's requests page, and
 * each step a donor takes there (reserve, decline with a reason, extend, hand over), as the
 * receivers and other visitors then see them.
 */
import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import enItem from '../../locales/en/item.json' with { type: 'json' };
import enItemRequests from '../../locales/en/itemRequests.json' with { type: 'json' };
import enNotifications from '../../locales/en/notifications.json' with { type: 'json' };
import enRequests from '../../locales/en/requests.json' with { type: 'json' };
import idItem from '../../locales/id/item.json' with { type: 'json' };
import idItemRequests from '../../locales/id/itemRequests.json' with { type: 'json' };
import idNotifications from '../../locales/id/notifications.json' with { type: 'json' };
import idRequests from '../../locales/id/requests.json' with { type: 'json' };
import type { Item } from '../../src/features/items/items';
import type { ItemRequest } from '../../src/features/requests/requests';
import type { NotificationList } from '../../src/features/notifications/notifications';
import {
	accountTexts,
	expect,
	islandHydrated,
	signedIn,
	siteOrigin,
	test,
} from './support/accounts';
import { fill, type Locale, localePath, locales, pageTitle } from './support/i18n';
import { listItem } from './support/items';
import { otherVisitor } from './support/visitors';

const texts = {
	id: {
		...accountTexts.id,
		item: idItem,
		itemRequests: idItemRequests,
		notifications: idNotifications,
		requests: idRequests,
	},
	en: {
		...accountTexts.en,
		item: enItem,
		itemRequests: enItemRequests,
		notifications: enNotifications,
		requests: enRequests,
	},
} satisfies Record<Locale, unknown>;

test.use({ viewport: { width: 1280, height: 900 } });
// Three people, each on their own screens, all signed in from the start.
test.describe.configure({ timeout: 90_000 });

/** The signed-in receiver of `page` asks for `quantity` of the item, as the item page does. */
async function askFor(page: Page, itemId: number, quantity: number): Promise<void> {
	const response = await page.request.post(`/api/items/${itemId}/requests`, {
		headers: { Origin: siteOrigin() },
		data: { quantity },
	});
	expect(response.status(), await response.text()).toBe(201);
}

/** What the API answers `page`'s signed-in visitor, in `locale`. */
async function apiData<T>(page: Page, path: string, locale: Locale): Promise<T> {
	const response = await page.request.get(`/api${path}`, {
		headers: { 'Accept-Language': locale },
	});
	expect(response.status(), await response.text()).toBe(200);
	return ((await response.json()) as { data: T }).data;
}

/** How the site writes a date and a time in Jakarta. */
const jakarta = (iso: string) => ({
	date: new Intl.DateTimeFormat('id-ID', {
		day: 'numeric',
		month: 'long',
		year: 'numeric',
		timeZone: 'Asia/Jakarta',
	}).format(new Date(iso)),
	time: new Intl.DateTimeFormat('id-ID', {
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
		timeZone: 'Asia/Jakarta',
	}).format(new Date(iso)),
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The requests page's island, once React has hydrated it. */
async function hydrated(page: Page): Promise<void> {
	await islandHydrated(page, 'ItemRequests');
}

test('a donor answers the requests for an item until it is all given', async ({
	page,
	browser,
	baseURL,
}) => {
	const locale: Locale = 'id';
	const { item: itemTexts, itemRequests, notifications, requests } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	await signedIn(page, { locale });
	const listed = await listItem(page, `Kursi lipat ${locale} ${randomInt(1e6)}`, 1, 2);
	const requestsPath = at(`/my-items/${listed.id}/requests`);

	const ani = await otherVisitor(browser, baseURL!);
	const aniAccount = await signedIn(ani, { locale });
	const aniName = aniAccount.profile.name;
	const budi = await otherVisitor(browser, baseURL!);
	const budiName = (await signedIn(budi, { locale })).profile.name;
	// Ani asks for both, Budi for one.
	await askFor(ani, listed.id, 2);
	await askFor(budi, listed.id, 1);

	// My items counts both requests, both new, and leads to them.
	await page.goto(at('/my-items'));
	const counts = page.getByRole('link', {
		name: `${fill(itemRequests.summary.count_other, { count: 2 })} ${fill(itemRequests.summary.new_other, { count: 2 })}`,
	});
	await expect(counts).toHaveAttribute('href', requestsPath);
	await counts.click();
	await page.waitForURL((url) => url.pathname === requestsPath);
	await hydrated(page);
	await expect(page).toHaveTitle(pageTitle(fill(itemRequests.pageTitle, { name: listed.name })));
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(listed.name);

	const card = (name: string, section: 'inProgress' | 'earlier' = 'inProgress') =>
		page
			.getByRole('region', { name: new RegExp(`^${escape(itemRequests[section])}`) })
			.getByRole('article', { name: new RegExp(`^${escape(name)}`) });
	const header = page.locator('[data-item-figures]');
	// What is left, or that all of it is reserved.
	const figures = (left: number, reserved: number) =>
		reserved === 0
			? fill(left === 1 ? itemRequests.figures.left_one : itemRequests.figures.left_other, {
					count: left,
				})
			: fill(itemRequests.figures.allReserved_other, { count: reserved });
	// A hand-over is asked about first, in a dialog naming the item and the receiver.
	const handOverDialog = (name: string) =>
		page.getByRole('dialog', { name: fill(itemRequests.handOverDialog.title, { name }) });
	const handOver = async (request: Locator, name: string) => {
		await request.getByRole('button', { name: itemRequests.actions.handOver }).click();
		await handOverDialog(name)
			.getByRole('button', { name: itemRequests.handOverDialog.confirm })
			.click();
	};
	const toast = (text: string) => page.getByText(text, { exact: true });

	// Who asks, how reliably they collect, and a WhatsApp reply in the donor's language.
	const aniCard = card(aniName);
	await expect(aniCard.getByText(itemRequests.isNew, { exact: true })).toBeVisible();
	await expect(aniCard.getByRole('link', { name: aniName })).toHaveAttribute(
		'href',
		at(`/profile/${aniAccount.id}`),
	);
	await expect(
		aniCard.getByText(`${itemRequests.reliability.label}: ${itemRequests.reliability.firstTime}`),
	).toBeVisible();
	await expect(aniCard.getByText(fill(itemRequests.quantity.asks, { count: 2 }))).toBeVisible();
	const message = fill(itemRequests.whatsapp.message_other, {
		name: aniName,
		item: listed.name,
		count: 2,
	});
	await expect(
		aniCard.getByRole('link', { name: new RegExp(escape(itemRequests.whatsapp.reply)) }),
	).toHaveAttribute(
		'href',
		`https://wa.me/62${aniAccount.profile.phoneDigits}?text=${encodeURIComponent(message)}`,
	);

	// Reserving all that is left makes the item Reserved for everyone else.
	await aniCard.getByRole('button', { name: itemRequests.actions.reserve, exact: true }).click();
	await expect(toast(fill(itemRequests.done.reserve, { name: aniName }))).toBeVisible();
	await expect(aniCard.getByText(itemRequests.states.reserved, { exact: true })).toBeVisible();
	// The reserve button is gone: focus stays on the request, not lost to the page.
	await expect(aniCard).toBeFocused();
	await expect(header).toContainText(itemTexts.status.RESERVED);
	await expect(header).toContainText(figures(2, 2));
	expect((await apiData<Item>(budi, `/items/${listed.id}`, locale)).status).toBe('RESERVED');
	await budi.goto(at(`/items/${listed.id}`));
	await expect(budi.getByRole('main').locator('header [data-status]')).toHaveText(
		itemTexts.status.RESERVED,
	);
	await expect(budi.getByRole('link', { name: itemRequests.summary.see })).toHaveCount(0);

	// Budi waits in line; the donor declines him, saying why, and he reads it in his language.
	const budiCard = card(budiName);
	await expect(budiCard.getByText(itemRequests.actions.waitingList)).toBeVisible();
	await budiCard.getByRole('button', { name: itemRequests.actions.decline }).click();
	const dialog = page.getByRole('dialog', {
		name: fill(itemRequests.declineDialog.title, { name: budiName }),
	});
	await dialog.getByRole('radio', { name: itemRequests.declineReasons.noShow }).check();
	await dialog.getByRole('button', { name: itemRequests.declineDialog.confirm }).click();
	await expect(toast(fill(itemRequests.done.decline, { name: budiName }))).toBeVisible();
	await expect(dialog).toBeHidden();
	const declined = card(budiName, 'earlier');
	await expect(declined.getByText(itemRequests.states.declined, { exact: true })).toBeVisible();
	await expect(declined).toBeFocused();
	await expect(
		declined.getByText(
			fill(itemRequests.declinedBecause, { reason: requests.declineReasons.noShow }),
		),
	).toBeVisible();
	const told = await apiData<NotificationList>(budi, '/notifications', locale);
	expect(told.notifications[0]?.text).toBe(
		fill(notifications.kinds.requestDeclinedWithReason, {
			item: listed.name,
			reason: requests.declineReasons.noShow,
		}),
	);

	// Extending moves the end of Ani's reservation three days on.
	const [before] = await apiData<ItemRequest[]>(ani, '/requests/mine', locale);
	await aniCard
		.getByRole('button', { name: fill(itemRequests.actions.extend_other, { count: 3 }) })
		.click();
	await expect(toast(fill(itemRequests.done.extend, { name: aniName }))).toBeVisible();
	const [after] = await apiData<ItemRequest[]>(ani, '/requests/mine', locale);
	expect(Date.parse(after!.reservedUntil!) - Date.parse(before!.reservedUntil!)).toBe(
		3 * 24 * 60 * 60_000,
	);
	await expect(
		aniCard.getByText(fill(itemRequests.reservedUntil, jakarta(after!.reservedUntil!))),
	).toBeVisible();

	// Ani takes one of the two: one is left to give, and the item can be asked for again.
	await aniCard.getByRole('button', { name: itemRequests.actions.decrease }).click();
	await expect(aniCard.getByLabel(itemRequests.actions.handOverQuantity)).toHaveValue('1');
	// The dialog names the item and Ani and takes focus; Escape leaves the request as it was.
	const handOverButton = aniCard.getByRole('button', { name: itemRequests.actions.handOver });
	await handOverButton.click();
	const asking = handOverDialog(aniName);
	await expect(asking).toContainText(
		fill(itemRequests.handOverDialog.messageIt, { name: aniName, item: listed.name }),
	);
	await expect(
		asking.getByRole('button', { name: itemRequests.handOverDialog.cancel }),
	).toBeFocused();
	await page.keyboard.press('Escape');
	await expect(asking).toBeHidden();
	await expect(handOverButton).toBeFocused();
	await expect(aniCard.getByText(itemRequests.states.reserved, { exact: true })).toBeVisible();
	expect((await apiData<Item>(budi, `/items/${listed.id}`, locale)).status).toBe('RESERVED');
	await handOver(aniCard, aniName);
	await expect(toast(fill(itemRequests.done.handOver, { name: aniName }))).toBeVisible();
	await expect(aniCard.getByText(itemRequests.states.handedOver, { exact: true })).toBeVisible();
	await expect(aniCard.getByText(fill(itemRequests.quantity.given, { count: 1 }))).toBeVisible();
	await expect(header).toContainText(itemTexts.status.AVAILABLE);
	await expect(header).toContainText(figures(1, 0));

	// Budi asks again for the last one; his record now shows the pickup he missed.
	await askFor(budi, listed.id, 1);
	await page.reload();
	await hydrated(page);
	const again = card(budiName);
	await expect(
		again.getByText(
			`${itemRequests.reliability.label}: ${itemRequests.reliability.firstTime} · ${fill(itemRequests.reliability.noShows_one, { count: 1 })}`,
		),
	).toBeVisible();
	await again.getByRole('button', { name: itemRequests.actions.reserve, exact: true }).click();
	await expect(again.getByText(itemRequests.states.reserved, { exact: true })).toBeVisible();

	// He withdraws while the donor's page still offers the hand-over: the refusal is said
	// once, on his request, and the list shows where it stands now.
	const [reservedForBudi] = await apiData<ItemRequest[]>(
		budi,
		`/requests/mine?item=${listed.id}`,
		locale,
	);
	const withdrawal = await budi.request.patch(`/api/requests/${reservedForBudi!.id}`, {
		headers: { Origin: siteOrigin() },
		data: { action: 'withdraw' },
	});
	expect(withdrawal.status(), await withdrawal.text()).toBe(200);
	await handOver(again, budiName);
	const withdrawn = card(budiName, 'earlier').filter({
		hasText: itemRequests.states.withdrawn,
	});
	await expect(withdrawn.getByRole('alert')).toHaveText(requests.errors.wrongState);
	await expect(page.getByText(requests.errors.wrongState)).toHaveCount(1);
	await expect(header).toContainText(figures(1, 0));

	// He asks once more, and this time takes it.
	await askFor(budi, listed.id, 1);
	await page.reload();
	await hydrated(page);
	const last = card(budiName);
	await last.getByRole('button', { name: itemRequests.actions.reserve, exact: true }).click();
	await expect(last.getByText(itemRequests.states.reserved, { exact: true })).toBeVisible();
	await handOver(last, budiName);
	await expect(last.getByText(itemRequests.states.handedOver, { exact: true })).toBeVisible();

	// Nothing is left: the item is given away, and the page says so without counting.
	await expect(header).toContainText(itemTexts.status.DONATED);
	await expect(header).not.toContainText(figures(0, 0));
	const given = await apiData<Item>(budi, `/items/${listed.id}`, locale);
	expect([given.status, given.quantity]).toEqual(['DONATED', 0]);

	// The page fits a phone.
	await page.setViewportSize({ width: 390, height: 844 });
	expect(
		await page.evaluate(
			() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
		),
	).toBe(0);

	// The item's page leads its donor to the requests.
	await page.goto(at(`/items/${listed.id}`));
	await expect(page.getByRole('link', { name: itemRequests.summary.see })).toHaveAttribute(
		'href',
		requestsPath,
	);

	// Nobody else may know of it; an item that does not exist says so.
	expect((await ani.request.get(requestsPath)).status()).toBe(404);
	const missing = await page.request.get(at('/my-items/999999999/requests'));
	expect(missing.status()).toBe(404);
	expect(await missing.text()).toMatch(
		new RegExp(`<h1[^>]*>\\s*${escape(itemRequests.notFoundTitle)}\\s*</h1>`),
	);
	await ani.context().close();
	await budi.context().close();
});

for (const locale of locales) {
	test(`a signed-out visitor of an item's requests is asked to sign up first (${locale})`, async ({
		request,
	}) => {
		const at = (path: string) => localePath(path, locale);
		const path = at('/my-items/1/requests');
		const response = await request.get(path, { maxRedirects: 0 });
		expect(response.status()).toBe(302);
		const target = new URL(response.headers()['location']!, 'http://localhost');
		expect(`${target.pathname}${target.search}`).toBe(
			`${at('/register')}?${new URLSearchParams({ redirectTo: path, reason: 'loginRequired' })}`,
		);
	});
}
