/**
 * Every page fits a phone: at 320, 360 and 390 px, in both languages, the document is no wider
 * than the viewport once its content has loaded, so nothing scrolls sideways, and no empty
 * field's placeholder is cut off. Runs on the
 * seeded heroes server (`@full`), whose top donors, rankings and supporters fill the pages as on
 * a live site; the signed-in pages belong to a seeded moderator (`seeded-accounts.ts`, written into
 * the `full` server's database too), whose item mentions a price so that the desk lists it. The
 * language changes how wide the texts are, so both languages are checked.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Item } from '../../src/features/items/items';
import { citySlug } from '../../src/features/places/places';
import { expect, signedIn, signedInNewcomer, test } from './support/accounts';
import { signedInClient } from './support/clients';
import { requireSeededServer } from './support/heroes';
import { listItem as listPlainItem } from './support/items';
import { ordersInEveryState } from './support/orders';
import { localePath, locales } from './support/i18n';

requireSeededServer();

const phoneWidths = [320, 360, 390] as const;

/** Waits until the page's lists have loaded, lazy ones too (they start near the viewport). */
async function settled(page: Page): Promise<void> {
	await page.waitForLoadState('networkidle');
	await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
	await page.waitForLoadState('networkidle');
	await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
	await page.evaluate(() => window.scrollTo(0, 0));
}

/** How far the document reaches past the viewport's right edge, and the elements that do. */
function sidewaysOverflow(page: Page) {
	return page.evaluate(() => {
		const root = document.documentElement;
		const sticking = [...document.body.querySelectorAll('*')]
			.filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
			.slice(-3)
			.map((element) => element.outerHTML.slice(0, 160));
		return { pixels: root.scrollWidth - root.clientWidth, sticking };
	});
}

/** The placeholders of empty fields on the page that are wider than their field's text box. */
function clippedPlaceholders(page: Page) {
	return page.evaluate(() => {
		const measure = document.createElement('canvas').getContext('2d')!;
		return [...document.querySelectorAll<HTMLInputElement>('input[placeholder]')]
			.filter((input) => input.value === '' && input.checkVisibility())
			.filter((input) => {
				const text = getComputedStyle(input, '::placeholder');
				measure.font = `${text.fontStyle} ${text.fontWeight} ${text.fontSize} ${text.fontFamily}`;
				const box = getComputedStyle(input);
				const room = input.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
				return measure.measureText(input.placeholder).width > room;
			})
			.map((input) => `${input.id || input.name}: "${input.placeholder}"`);
	});
}

/**
 * Opens `path` once, at the narrowest phone width, then widens the viewport to each other width,
 * and expects no sideways scrolling nor cut placeholder at any of them. The server sends the same
 * page whatever the width, so one load serves them all; the layout follows the width as a phone
 * turned or zoomed would.
 */
async function expectFitsPhones(page: Page, path: string): Promise<void> {
	for (const [index, width] of phoneWidths.entries()) {
		await page.setViewportSize({ width, height: 800 });
		if (index === 0) await page.goto(path);
		await settled(page);
		const overflow = await sidewaysOverflow(page);
		expect(
			overflow.pixels,
			`${path} scrolls ${overflow.pixels} px sideways at ${width} px; sticking out ` +
				`(or a pseudo-element such as a tooltip): ${overflow.sticking.join('\n') || 'none'}`,
		).toBeLessThanOrEqual(0);
		expect(await clippedPlaceholders(page), `cut-off placeholders at ${width} px`).toEqual([]);
	}
}

/** Lists an item with two photos through the API, as the signed-in donor of `page`. */
async function listItem(page: Page, baseURL: string): Promise<Item> {
	const headers = { Origin: baseURL };
	const verification = await page.request.post('/api/verification/simulated', { headers });
	expect(verification.ok()).toBe(true);
	const { token } = ((await verification.json()) as { data: { token: string } }).data;
	const form = new FormData();
	const fields = {
		name: 'Lemari pakaian kayu jati dua pintu dengan cermin besar',
		description: 'Lemari pakaian dua pintu, masih kokoh, ada sedikit goresan. Harga nego.',
		condition: 'needsRepair',
		weight: '45',
		length: '120',
		width: '55',
		height: '180',
		quantity: '1',
		category: 'furniture',
		verificationToken: token,
	};
	for (const [key, value] of Object.entries(fields)) form.append(key, value);
	for (const [name, background] of [
		['depan.jpg', { r: 180, g: 120, b: 60 }],
		['samping.jpg', { r: 60, g: 120, b: 180 }],
	] as const) {
		const bytes = await sharp({ create: { width: 1200, height: 900, channels: 3, background } })
			.jpeg()
			.toBuffer();
		form.append('files', new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' }));
	}
	const response = await page.request.post('/api/items', { headers, multipart: form });
	expect(response.status(), await response.text()).toBe(201);
	return ((await response.json()) as { data: Item }).data;
}

/** Saves a search with long words, a category and a city, as the signed-in person of `page`. */
async function saveSearch(page: Page, baseURL: string): Promise<void> {
	const response = await page.request.post('/api/saved-searches', {
		headers: { Origin: baseURL },
		data: {
			search: 'lemari pakaian kayu jati dua pintu dengan cermin',
			category: 'furniture',
			province: '31',
			regency: '3174',
		},
	});
	expect(response.status(), await response.text()).toBe(201);
}

const publicPages = [
	'/',
	'/items',
	'/items?province=32&regency=3273',
	'/heroes/rankings',
	'/heroes/rankings?page=2&sort=recent',
	'/support-us',
	'/privacy-policy',
	'/terms',
	'/profile/e2e-hero-01',
	'/profile/e2e-hero-12',
	'/login',
	'/register',
	'/register?reason=loginRequired',
	'/auth/forgot-password',
	'/items/999999999',
	'/offline',
	'/confirm/1.tidak-berlaku',
	'/unsubscribe/tidak-berlaku',
];

for (const locale of locales) {
	const at = (path: string) => localePath(path, locale);

	test.describe(`pages on phones (${locale})`, { tag: '@full' }, () => {
		for (const path of publicPages) {
			test(`${at(path)} does not scroll sideways`, async ({ page }) => {
				await expectFitsPhones(page, at(path));
			});
		}

		test('the signed-in pages and an item with photos do not scroll sideways', async ({
			page,
			browser,
			baseURL,
		}) => {
			// Twelve pages at three widths each.
			test.setTimeout(150_000);
			await signedInNewcomer(page, locale);
			await expectFitsPhones(page, at('/complete-profile'));
			const moderator = await signedIn(page, { locale, kind: 'moderator' });
			const item = await listItem(page, baseURL!);
			await saveSearch(page, baseURL!);
			// The desk lists the item for its price words: its photos and actions are on the page.
			for (const path of [
				'/profile',
				// Their public profile, with the card of their available item under it.
				`/profile/${moderator.id}`,
				'/edit-profile',
				'/my-items',
				'/donate-item',
				'/saved-searches',
				'/settings/notifications',
				`/my-items/${item.id}/edit`,
				`/items/${item.id}`,
				// The item's city has a page now that it has an available item.
				`/items/in/${citySlug(item.pickup!.regencyName)}`,
				'/moderation',
			]) {
				await expectFitsPhones(page, at(path));
			}
			await expect(page.locator(`[data-target="item:${item.id}"]`)).toBeVisible();

			const visitor = await browser.newPage({ baseURL: baseURL! });
			await expectFitsPhones(visitor, at(`/items/${item.id}`));
			await visitor.close();
		});

		test('the payment page in each state of an order, and its requests, do not scroll sideways', async ({
			page,
			playwright,
		}) => {
			// Ten payment pages and the requests at three widths each, after eleven orders.
			test.setTimeout(240_000);
			await signedIn(page, { locale });
			const donor = await signedInClient(playwright, 'complete');
			const orders = await ordersInEveryState(page.request, donor.request, (state) =>
				listPlainItem(donor.request, `Lemari pakaian kayu jati dua pintu ${state}`, 1, 1),
			);
			for (const order of Object.values(orders)) {
				await expectFitsPhones(page, at(`/pay/${order.id}`));
			}
			await expectFitsPhones(page, at('/my-requests'));
			await donor.request.dispose();
		});
	});
}
