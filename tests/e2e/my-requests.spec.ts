/**
 * The receiver's side of a giving: asking for an item from its page (the request is recorded
 * before WhatsApp opens), withdrawing, the limit of requests in progress, the waiting list of a
 * reserved item, and confirming a hand-over on /my-requests. The donor's steps go through the API
 * with their session.
 */
import { randomInt } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import enItem from '../../locales/en/item.json' with { type: 'json' };
import enItemDetail from '../../locales/en/itemDetail.json' with { type: 'json' };
import enMyRequests from '../../locales/en/myRequests.json' with { type: 'json' };
import enRequests from '../../locales/en/requests.json' with { type: 'json' };
import idItem from '../../locales/id/item.json' with { type: 'json' };
import idItemDetail from '../../locales/id/itemDetail.json' with { type: 'json' };
import idMyRequests from '../../locales/id/myRequests.json' with { type: 'json' };
import idRequests from '../../locales/id/requests.json' with { type: 'json' };
import type { Item } from '../../src/features/items/items';
import type { ItemRequest } from '../../src/features/requests/requests';
import {
	accountTexts,
	expect,
	islandHydrated,
	signedIn,
	test,
	userMenuButton,
} from './support/accounts';
import { fill, type Locale, localePath, locales, pageTitle } from './support/i18n';
import { listItem } from './support/items';
import { openedUrls, otherVisitor, recordWindowOpen } from './support/visitors';

const texts = {
	id: {
		...accountTexts.id,
		item: idItem,
		itemDetail: idItemDetail,
		myRequests: idMyRequests,
		requests: idRequests,
	},
	en: {
		...accountTexts.en,
		item: enItem,
		itemDetail: enItemDetail,
		myRequests: enMyRequests,
		requests: enRequests,
	},
} satisfies Record<Locale, unknown>;

test.use({ viewport: { width: 1280, height: 900 } });
// Up to three people, each on their own screens, all signed in from the start.
test.describe.configure({ timeout: 120_000 });

/** The donor signed in on `page` moves the one request in progress for their item. */
async function donorMoves(page: Page, baseURL: string, itemId: number, action: string) {
	const list = await page.request.get(`/api/items/${itemId}/requests`);
	expect(list.status()).toBe(200);
	const requests = ((await list.json()) as { data: ItemRequest[] }).data;
	const target = requests.find((request) => ['open', 'reserved'].includes(request.state));
	const response = await page.request.patch(`/api/requests/${target!.id}`, {
		headers: { Origin: baseURL },
		data: { action },
	});
	expect(response.status(), await response.text()).toBe(200);
}

/** Another visitor in their own browser context, from their own address, signed in. */
async function newReceiver(browser: Browser, baseURL: string, locale: Locale) {
	const page = await otherVisitor(browser, baseURL);
	await signedIn(page, { locale });
	await recordWindowOpen(page);
	return page;
}

/** Opens the item's page and waits until its island reacts. */
async function openItem(page: Page, path: string): Promise<void> {
	await page.goto(path);
	await islandHydrated(page, 'ItemDetail');
}

/** A translation with `values` filled in, and any value it was not given matching anything. */
function sentence(template: string, values: Record<string, string | number>): RegExp {
	const escaped = fill(template, values).replace(/[.*+?^$()|[\]\\]/g, '\\$&');
	return new RegExp(escaped.replace(/\{\{\w+\}\}/g, '.+'));
}

/** The start of a WhatsApp link to `phoneDigits`, as a pattern for a link's address. */
const chatWith = (phoneDigits: string) => new RegExp(`^https://wa\\.me/62${phoneDigits}\\?text=`);

/** How far the page reaches past the right edge of a 390 px wide phone. */
async function sidewaysAt390(page: Page): Promise<number> {
	await page.setViewportSize({ width: 390, height: 800 });
	const pixels = await page.evaluate(
		() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
	);
	await page.setViewportSize({ width: 1280, height: 900 });
	return pixels;
}

/** The availability badge under the item's name. */
function statusBadge(page: Page) {
	return page.getByRole('main').locator('header [data-status]');
}

/** The item page's button that asks for the item and opens the chat. */
const contactButton = (page: Page, locale: Locale) =>
	page.getByRole('button', { name: new RegExp(texts[locale].itemDetail.whatsapp.contact) });

test('a receiver asks, withdraws, is reserved for, and confirms the hand-over', async ({
	page,
	browser,
	baseURL,
}) => {
	const locale: Locale = 'id';
	const { item: itemTexts, itemDetail, myRequests, requests, nav } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	const donor = await signedIn(page, { locale });
	const listed = await listItem(page, `Rak buku ${locale} ${randomInt(1e6)}`, 1, 2);
	const itemPath = at(`/items/${listed.id}`);
	const itemUrl = new URL(itemPath, baseURL).href;
	const chat = `https://wa.me/62${donor.profile.phoneDigits}?text=`;

	// Asking records the request, then opens the chat as before.
	const receiver = await newReceiver(browser, baseURL!, locale);
	await openItem(receiver, itemPath);
	await receiver.getByRole('button', { name: itemDetail.quantity.increase }).click();
	await contactButton(receiver, locale).click();
	// Both of the two asked for: all there is, said as such.
	const message = fill(itemDetail.whatsapp.messageAll_other, {
		name: listed.name,
		count: 2,
		url: itemUrl,
	});
	await expect.poll(() => openedUrls(receiver)).toEqual([`${chat}${encodeURIComponent(message)}`]);
	const waiting = receiver.getByText(fill(myRequests.status.open_other, { count: 2 }));
	await expect(waiting).toBeVisible();

	// Withdrawing asks first, then says so and lets them ask again.
	await receiver.getByRole('button', { name: myRequests.actions.withdraw }).click();
	const dialog = receiver.getByRole('dialog', { name: myRequests.dialogs.withdraw.title });
	await expect(dialog).toContainText(
		fill(myRequests.dialogs.withdraw.message, { name: listed.name }),
	);
	await dialog.getByRole('button', { name: myRequests.dialogs.withdraw.confirm }).click();
	await expect(receiver.getByText(myRequests.toasts.withdrawn)).toBeVisible();
	await expect(receiver.getByText(myRequests.status.withdrawn)).toBeVisible();
	await expect(receiver.getByText(myRequests.status.askAgain)).toBeVisible();
	await expect(waiting).toHaveCount(0);

	await contactButton(receiver, locale).click();
	await expect(waiting).toBeVisible();
	await expect.poll(async () => (await openedUrls(receiver)).length).toBe(2);

	// The donor reserves both: the receiver's open page follows, the item is Reserved.
	await donorMoves(page, baseURL!, listed.id, 'reserve');
	await expect(
		receiver.getByText(sentence(myRequests.status.reserved_other, { count: 2 })),
	).toBeVisible({
		timeout: 10_000,
	});
	await expect(statusBadge(receiver)).toHaveText(itemTexts.status.RESERVED);
	await expect(receiver.getByRole('link', { name: myRequests.actions.chat })).toHaveAttribute(
		'href',
		chatWith(donor.profile.phoneDigits),
	);
	await expect(contactButton(receiver, locale)).toHaveCount(0);

	// Someone else finds it reserved and joins the waiting list.
	const other = await newReceiver(browser, baseURL!, locale);
	await openItem(other, itemPath);
	await expect(statusBadge(other)).toHaveText(itemTexts.status.RESERVED);
	await expect(statusBadge(other)).toHaveClass(/badge-warning/);
	await expect(other.getByText(itemDetail.waitingList.note)).toBeVisible();
	await expect(other.getByText(fill(itemTexts.quantityReserved_other, { count: 2 }))).toBeVisible();
	expect(await sidewaysAt390(other)).toBeLessThanOrEqual(0);
	await other.getByRole('button', { name: new RegExp(itemDetail.waitingList.join) }).click();
	const waitingListMessage = fill(itemDetail.whatsapp.waitingListMessage_one, {
		name: listed.name,
		count: 1,
		url: itemUrl,
	});
	await expect
		.poll(() => openedUrls(other))
		.toEqual([`${chat}${encodeURIComponent(waitingListMessage)}`]);
	await expect(
		other.getByText(fill(myRequests.status.waitingList_one, { count: 1 })),
	).toBeVisible();

	// The donor hands both over: nothing is left, so the waiting list is closed.
	await donorMoves(page, baseURL!, listed.id, 'handOver');
	await expect(statusBadge(other)).toHaveText(itemTexts.status.DONATED, { timeout: 10_000 });
	await expect(
		other.getByText(fill(myRequests.status.closed, { reason: requests.declineReasons.noneLeft })),
	).toBeVisible();
	await other.context().close();

	// The receiver confirms on their requests, reached from the account menu.
	await receiver.reload();
	await userMenuButton(receiver, locale).click();
	await receiver.getByRole('link', { name: nav.account.myRequests, exact: true }).click();
	await expect(receiver).toHaveURL(at('/my-requests'));
	await expect(receiver).toHaveTitle(pageTitle(myRequests.title));
	const toConfirm = receiver.getByRole('region', {
		name: new RegExp(myRequests.groups.toConfirm),
	});
	await expect(toConfirm.getByRole('link', { name: listed.name })).toHaveAttribute(
		'href',
		itemPath,
	);
	await expect(
		toConfirm.getByText(fill(myRequests.status.handedOver_other, { count: 2 })),
	).toBeVisible();
	await expect(toConfirm.getByRole('link', { name: donor.profile.name })).toBeVisible();
	// The phone reaches the page from the API, never in its HTML.
	await expect(toConfirm.getByRole('link', { name: myRequests.actions.chat })).toHaveAttribute(
		'href',
		chatWith(donor.profile.phoneDigits),
	);
	const html = await (await receiver.request.get(at('/my-requests'))).text();
	expect(html).not.toContain(donor.profile.phoneDigits);
	expect(await sidewaysAt390(receiver)).toBeLessThanOrEqual(0);

	// Confirming cannot be undone: a dialog naming the item and the donor asks first, with the
	// focus on going back; Escape leaves the request waiting for the answer.
	const confirmButton = toConfirm.getByRole('button', { name: myRequests.actions.confirm });
	await confirmButton.click();
	const asking = receiver.getByRole('dialog', { name: myRequests.dialogs.confirm.title });
	await expect(asking).toContainText(
		fill(myRequests.dialogs.confirm.message, { donor: donor.profile.name, name: listed.name }),
	);
	await expect(asking.getByRole('button', { name: myRequests.dialogs.back })).toBeFocused();
	await receiver.keyboard.press('Escape');
	await expect(asking).toBeHidden();
	await expect(confirmButton).toBeFocused();
	await expect(
		toConfirm.getByText(fill(myRequests.status.handedOver_other, { count: 2 })),
	).toBeVisible();
	await confirmButton.click();
	await asking.getByRole('button', { name: myRequests.dialogs.confirm.confirm }).click();
	await expect(receiver.getByText(myRequests.toasts.confirmed)).toBeVisible();
	const finished = receiver.getByRole('region', { name: new RegExp(myRequests.groups.finished) });
	await expect(
		finished.getByText(fill(myRequests.status.confirmed_other, { count: 2 })),
	).toBeVisible();
	await expect(toConfirm).toHaveCount(0);
	await expect(finished.getByRole('link', { name: myRequests.actions.chat })).toHaveCount(0);
	await receiver.context().close();
});

test('a sixth request in progress is refused and opens no chat', async ({
	page,
	browser,
	baseURL,
}) => {
	const locale: Locale = 'en';
	const { myRequests, requests } = texts[locale];
	const at = (path: string) => localePath(path, locale);
	await signedIn(page, { locale });
	const listed: Item[] = [];
	for (let index = 0; index < 6; index++) {
		listed.push(await listItem(page, `Piring ${index} ${locale} ${randomInt(1e6)}`, 1, 1));
	}
	const receiver = await newReceiver(browser, baseURL!, locale);
	for (const item of listed.slice(0, 5)) {
		const asked = await receiver.request.post(`/api/items/${item.id}/requests`, {
			headers: { Origin: baseURL! },
			data: { quantity: 1 },
		});
		expect(asked.status(), await asked.text()).toBe(201);
	}

	await openItem(receiver, at(`/items/${listed[5]!.id}`));
	await contactButton(receiver, locale).click();
	const refusal = fill(requests.errors.tooManyOpen_other, { count: 5 });
	const alert = receiver.getByRole('alert').filter({ hasText: refusal });
	await expect(alert).toBeVisible();
	// It leads to the requests, where one can be withdrawn.
	await expect(alert.getByRole('link', { name: myRequests.actions.all })).toHaveAttribute(
		'href',
		at('/my-requests'),
	);
	// Said once, beside the button: no toast repeats it, and no chat opened.
	expect(await receiver.getByText(refusal).count()).toBe(1);
	expect(await openedUrls(receiver)).toEqual([]);
	await receiver.context().close();
});

for (const locale of locales) {
	test(`my requests ask a signed-out visitor to sign up first (${locale})`, async ({ request }) => {
		const at = (path: string) => localePath(path, locale);
		const response = await request.get(at('/my-requests'), { maxRedirects: 0 });
		expect(response.status()).toBe(302);
		const target = new URL(response.headers()['location']!, 'http://localhost');
		expect(target.pathname).toBe(at('/register'));
		expect(Object.fromEntries(target.searchParams)).toEqual({
			redirectTo: at('/my-requests'),
			reason: 'loginRequired',
		});
	});
}
