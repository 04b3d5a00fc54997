/**
 * Reservations that ran out, on a server whose clock has moved on: the sparse seed writes one
 * reservation that ended an hour ago and one that ends in twelve hours, and the server's upkeep,
 * which runs as it starts, expires the first and warns of the second. The receiver and the donor
 * are signed in by the session cookies the seed wrote.
 */
import { type BrowserContext, type Page, expect, test } from '@playwright/test';
import enMyRequests from '../../locales/en/myRequests.json' with { type: 'json' };
import enNotifications from '../../locales/en/notifications.json' with { type: 'json' };
import idMyRequests from '../../locales/id/myRequests.json' with { type: 'json' };
import idNotifications from '../../locales/id/notifications.json' with { type: 'json' };
import type { Item } from '../../src/features/items/items';
import type { ItemRequest } from '../../src/features/requests/requests';
import { requireSeededServer } from './support/heroes';
import { fill, type Locale, localePath } from './support/i18n';
import { seededReservations } from './support/seed';

requireSeededServer();

// Each journey runs in one language and the next in the other; `page-languages.spec.ts` sees
// every page in both, `accessibility.spec.ts` runs axe.
const texts = {
	id: { myRequests: idMyRequests, notifications: idNotifications },
	en: { myRequests: enMyRequests, notifications: enNotifications },
} satisfies Record<Locale, unknown>;

const { donor, receiver, expired, expiring } = seededReservations;

/**
 * Signs `context` in as `person` with the session the seed wrote for them, and the hint cookie a
 * sign-in leaves for prerendered pages.
 */
async function signIn(context: BrowserContext, baseURL: string, person: { session: string }) {
	await context.addCookies([
		{ name: 'hibahin_session', value: person.session, url: baseURL, httpOnly: true },
		{ name: 'hibahin_signed_in', value: '1', url: baseURL },
	]);
}

/** The receiver's requests, as the API gives them to the page signed in as the receiver. */
async function receiverRequests(page: Page): Promise<ItemRequest[]> {
	const response = await page.request.get('/api/requests/mine');
	expect(response.status()).toBe(200);
	return ((await response.json()) as { data: ItemRequest[] }).data;
}

test.describe('reservations after the clock moved on', { tag: '@sparse' }, () => {
	test('the receiver finds the ended reservation among the finished, and is warned of the other (id)', async ({
		page,
		baseURL,
	}) => {
		const locale: Locale = 'id';
		const { myRequests, notifications } = texts[locale];
		await signIn(page.context(), baseURL!, receiver);
		await page.goto(localePath('/my-requests', locale));
		const finished = page.getByRole('region', { name: myRequests.groups.finished });
		const ended = finished.getByRole('article').filter({ hasText: expired.name });
		await expect(ended).toContainText(myRequests.status.expired);
		await expect(ended).toContainText(myRequests.badge.expired);
		const reserved = page.getByRole('region', { name: myRequests.groups.reserved });
		await expect(reserved.getByRole('article').filter({ hasText: expiring.name })).toBeVisible();

		// The bell tells of both, in the page's language, whoever opened it first.
		await page.getByRole('banner').locator('[aria-controls="notification-panel"]').click();
		const panel = page.locator('#notification-panel');
		await expect(panel).toContainText(
			fill(notifications.kinds.reservationExpired.receiver, { item: expired.name }),
		);
		await expect(panel).toContainText(
			fill(notifications.kinds.reservationExpiring.receiver, { item: expiring.name }),
		);
	});

	test('the ended reservation frees its item and counts as the receiver’s no-show for the donor (en)', async ({
		page,
		baseURL,
	}) => {
		const locale: Locale = 'en';
		const { notifications } = texts[locale];
		await signIn(page.context(), baseURL!, receiver);
		const requests = await receiverRequests(page);
		const ended = requests.find((request) => request.item.name === expired.name)!;
		const running = requests.find((request) => request.item.name === expiring.name)!;
		expect(ended.state).toBe('expired');
		expect(running.state).toBe('reserved');

		const item = await page.request.get(`/api/items/${ended.itemId}`);
		const { data } = (await item.json()) as { data: Item };
		expect({ status: data.status, reserved: data.reservedQuantity }).toEqual({
			status: 'AVAILABLE',
			reserved: 0,
		});

		const donorContext = await page.context().browser()!.newContext({ baseURL: baseURL! });
		await signIn(donorContext, baseURL!, donor);
		const donorPage = await donorContext.newPage();
		const list = await donorPage.request.get(`/api/items/${ended.itemId}/requests`);
		const [asDonor] = ((await list.json()) as { data: ItemRequest[] }).data;
		expect(asDonor!.state).toBe('expired');
		expect(asDonor!.receiver!.noShows).toBe(1);
		await donorPage.goto(localePath('/', locale));
		await donorPage.getByRole('banner').locator('[aria-controls="notification-panel"]').click();
		await expect(donorPage.locator('#notification-panel')).toContainText(
			fill(notifications.kinds.reservationExpired.donor, { item: expired.name }),
		);
		await donorContext.close();
	});
});
