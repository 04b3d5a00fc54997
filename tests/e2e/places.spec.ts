/**
 * Finding items near you, at a phone's width: the place filter of `/items` (province, then a city
 * picked by typing), "near me", the filter surviving a reload through the URL, a city's own page
 * and the links to it, and the home page's "near you" row. Each journey starts signed in as its
 * own donor, living in a district of its own, and lists items in Kota Bandung, Jakarta or
 * Surabaya, all carrying a word no other item has. Each runs in one language, alternating.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import enItems from '../../locales/en/items.json' with { type: 'json' };
import enNotifications from '../../locales/en/notifications.json' with { type: 'json' };
import enPlaces from '../../locales/en/places.json' with { type: 'json' };
import enSavedSearches from '../../locales/en/savedSearches.json' with { type: 'json' };
import idItems from '../../locales/id/items.json' with { type: 'json' };
import idNotifications from '../../locales/id/notifications.json' with { type: 'json' };
import idPlaces from '../../locales/id/places.json' with { type: 'json' };
import idSavedSearches from '../../locales/id/savedSearches.json' with { type: 'json' };
import type { Item } from '../../src/features/items/items';
import {
	expect,
	islandReady,
	signedIn,
	signedInNewcomer,
	siteOrigin,
	test,
} from './support/accounts';
import { fill, type Locale, localePath } from './support/i18n';

const texts = {
	id: { items: idItems, places: idPlaces, notifications: idNotifications, saved: idSavedSearches },
	en: { items: enItems, places: enPlaces, notifications: enNotifications, saved: enSavedSearches },
} satisfies Record<Locale, unknown>;

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 90_000 });

/** Lists an item picked up in `district` as the donor signed in on `page`. */
async function listItemIn(page: Page, name: string, district: string): Promise<Item> {
	const headers = { Origin: siteOrigin() };
	const verification = await page.request.post('/api/verification/simulated', { headers });
	const { token } = ((await verification.json()) as { data: { token: string } }).data;
	const photo = await sharp({
		create: { width: 400, height: 300, channels: 3, background: { r: 90, g: 140, b: 180 } },
	})
		.jpeg()
		.toBuffer();
	const response = await page.request.post('/api/items', {
		headers,
		multipart: {
			name,
			description: 'Masih bagus dan layak pakai, tinggal diambil.',
			condition: 'used',
			weight: '2',
			length: '40',
			width: '30',
			height: '20',
			quantity: '1',
			pickupDistrict: district,
			verificationToken: token,
			files: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo },
		},
	});
	expect(response.status(), await response.text()).toBe(201);
	return ((await response.json()) as { data: Item }).data;
}

/** A sitemap or index as the browser's XML parser reads it: its root and its addresses. */
async function parsedSitemap(page: Page, path: string) {
	const response = await page.request.get(path);
	expect(response.headers()['content-type']).toMatch(/xml/);
	const parsed = await page.evaluate(
		(xml) => {
			const document = new DOMParser().parseFromString(xml, 'application/xml');
			return {
				error: document.querySelector('parsererror')?.textContent ?? null,
				namespace: document.documentElement.namespaceURI,
				locations: [...document.getElementsByTagName('loc')].map((loc) => loc.textContent ?? ''),
			};
		},
		await response.text(),
	);
	expect(parsed.error, path).toBeNull();
	expect(parsed.namespace).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
	return parsed;
}

/** The names on the list's cards, in order. */
function cardNames(page: Page) {
	return page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });
}

/** Signs in a person living in Cibeunying Kidul (Kota Bandung). */
const signedInBandung = (page: Page, locale: Locale) =>
	signedIn(page, { locale, details: { areaQuery: 'cibeunying kidul' } });

/** A page of a new browser, on its own address, at a phone's width. */
async function newVisitor(browser: Browser): Promise<Page> {
	const context = await browser.newContext({
		viewport: { width: 390, height: 844 },
		extraHTTPHeaders: {
			'X-Forwarded-For': `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
		},
	});
	return context.newPage();
}

/** A donor living in Cibeunying Kidul (Kota Bandung) with an item there and one in Jakarta. */
async function donorWithItems(page: Page, locale: Locale) {
	await signedInBandung(page, locale);
	const tag = `zp${randomBytes(3).toString('hex')}`;
	const jakarta = await listItemIn(page, `Lemari ${tag}`, '31.74.07');
	const bandung = await listItemIn(page, `Kursi ${tag}`, '32.73.14');
	return { tag, jakarta, bandung };
}

test.describe('the place filter', () => {
	const locale: Locale = 'id';
	const { items, places } = texts[locale];

	test('filters by province and city, keeps it in the URL and orders near me', async ({ page }) => {
		const { tag, jakarta, bandung } = await donorWithItems(page, locale);
		// A page past the end opens the last page, with the search kept; a place then starts
		// the list without a page.
		await page.goto(`${localePath('/items', locale)}?search=${tag}&page=2`);
		await expect(page).toHaveURL(new RegExp(`search=${tag}`));
		expect(new URL(page.url()).searchParams.get('page')).not.toBe('2');
		const province = page.getByRole('combobox', { name: places.filter.province });
		await islandReady(province);
		await expect(cardNames(page)).toHaveCount(2);

		await province.selectOption({ label: 'Jawa Barat' });
		await expect(page).toHaveURL(/province=32(&|$)/);
		expect(new URL(page.url()).searchParams.has('page')).toBe(false);
		await expect(cardNames(page)).toHaveText([bandung.name]);

		const city = page.getByRole('combobox', { name: places.filter.regency });
		await city.fill('kota band');
		await page
			.getByRole('listbox', { name: places.filter.regency })
			.getByRole('option', { name: 'Kota Bandung', exact: true })
			.click();
		await expect(page).toHaveURL(/regency=3273/);
		await expect(cardNames(page)).toHaveText([bandung.name]);
		await expect(page.getByRole('article').getByText('Kota Bandung')).toBeVisible();

		await page.reload();
		await expect(cardNames(page)).toHaveText([bandung.name]);
		await expect(province).toHaveValue('32');
		await expect(page.getByRole('combobox', { name: places.filter.regency })).toHaveValue(
			'Kota Bandung',
		);

		await page.goto(`${localePath('/items', locale)}?search=${tag}&sort=oldest`);
		await islandReady(province);
		await expect(cardNames(page)).toHaveText([jakarta.name, bandung.name]);
		await page
			.getByRole('combobox', { name: items.sort.label })
			.selectOption({ label: places.filter.nearMe });
		await expect(page).toHaveURL(/near=me/);
		await expect(cardNames(page)).toHaveText([bandung.name, jakarta.name]);
		await page.reload();
		await expect(cardNames(page)).toHaveText([bandung.name, jakarta.name]);
	});
});

test.describe('a city’s page', () => {
	const locale: Locale = 'en';
	const { places } = texts[locale];

	test('is linked from its items and the list, with its title, canonical and other language', async ({
		page,
	}) => {
		const { bandung, jakarta } = await donorWithItems(page, locale);
		const path = localePath('/items/in/kota-bandung', locale);
		// The item's pickup area leads to its city's page.
		await page.goto(localePath(`/items/${bandung.id}`, locale));
		await page.getByRole('main').getByRole('link', { name: 'Kota Bandung', exact: true }).click();
		await expect(page).toHaveURL(new RegExp(`${path}$`));
		const title = fill(places.city.title, { city: 'Kota Bandung' });
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
		await expect(page).toHaveTitle(new RegExp(`^${title}`));
		await expect(cardNames(page).filter({ hasText: bandung.name })).toHaveCount(1);
		await expect(cardNames(page).filter({ hasText: jakarta.name })).toHaveCount(0);
		const head = page.locator('head');
		await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
			'href',
			new RegExp(`${path}$`),
		);
		await expect(head.locator('link[hreflang="en"]')).toHaveAttribute(
			'href',
			/\/en\/items\/in\/kota-bandung$/,
		);
		await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
			'content',
			new RegExp(title),
		);
		await expect(head.locator('meta[name="description"]')).toHaveAttribute(
			'content',
			fill(places.city.description, { city: 'Kota Bandung', province: 'Jawa Barat' }),
		);
		await page
			.getByRole('navigation', { name: places.city.others })
			.getByRole('link', { name: /Kota Jakarta Selatan/ })
			.click();
		await expect(page).toHaveURL(
			new RegExp(`${localePath('/items/in/kota-jakarta-selatan', locale)}$`),
		);
		expect((await page.request.get(localePath('/items/in/kota-bogor', locale))).status()).toBe(404);
		await page.goto(localePath('/items', locale));
		await expect(
			page
				.getByRole('navigation', { name: places.city.browse })
				.getByRole('link', { name: /Kota Bandung/ }),
		).toHaveAttribute('href', path);

		// The index, the city pages and the items, read by the browser's XML parser: well formed,
		// in the sitemap namespace, the new item and its city listed at once.
		const address = (at: string) => new URL(at, page.url()).href;
		const index = await parsedSitemap(page, '/sitemap.xml');
		expect(index.locations).toEqual(expect.arrayContaining([address('/sitemaps/cities.xml')]));
		expect((await parsedSitemap(page, '/sitemaps/cities.xml')).locations).toContain(address(path));
		const itemParts = index.locations.filter((location) => /\/items-\d+\.xml$/.test(location));
		const itemPages = await Promise.all(
			itemParts.map((part) => parsedSitemap(page, new URL(part).pathname)),
		);
		expect(itemPages.flatMap((part) => part.locations)).toEqual(
			expect.arrayContaining([
				address(localePath(`/items/${bandung.id}`, 'id')),
				address(localePath(`/items/${bandung.id}`, 'en')),
			]),
		);
	});
});

test.describe('saved searches', () => {
	const locale: Locale = 'id';
	const { saved, notifications } = texts[locale];

	test('saves a search and hears of a new item that matches it', async ({ page, browser }) => {
		await signedInBandung(page, locale);
		const word = `zs${randomBytes(3).toString('hex')}`;
		await page.goto(`${localePath('/items', locale)}?search=${word}&province=32&regency=3273`);
		const save = page.getByRole('button', { name: saved.save });
		await islandReady(save);
		await save.click();
		const label = `${word} · Kota Bandung`;
		await expect(
			page.getByRole('status').filter({ hasText: fill(saved.saved, { label }) }),
		).toBeVisible();
		await page.getByRole('link', { name: saved.manage }).click();
		await expect(page.getByRole('link', { name: label })).toHaveAttribute(
			'href',
			`${localePath('/items', locale)}?search=${word}&province=32&regency=3273`,
		);

		const donor = await newVisitor(browser);
		await signedInBandung(donor, locale);
		const item = await listItemIn(donor, `Kursi ${word}`, '32.73.14');
		await donor.context().close();

		await page.reload();
		const bell = page.getByRole('banner').getByRole('button', {
			name: fill(notifications.bell.labelUnread, { unread: 1 }),
			exact: true,
		});
		await bell.click();
		const entry = page.locator('#notification-panel').getByRole('link', {
			name: fill(notifications.kinds.savedSearchMatch, { label, item: item.name }),
		});
		await expect(entry).toHaveAttribute('href', localePath(`/items/${item.id}`, locale));

		await page.goto(localePath('/saved-searches', locale));
		const remove = page.getByRole('button', { name: fill(saved.deleteLabel, { label }) });
		await islandReady(remove);
		await remove.click();
		await expect(page.getByText(saved.empty)).toBeVisible();
	});
});

test.describe('the home page’s near-you row', () => {
	const locale: Locale = 'en';
	const { items } = texts[locale];

	test('shows nearby items first to people with a district, and only to them', async ({
		page,
		browser,
	}) => {
		// A district of Kota Surabaya per language, where no other journey lists anything.
		const district = {
			id: { query: 'gubeng', code: '35.78.08' },
			en: { query: 'wonokromo', code: '35.78.04' },
		}[locale];
		await signedIn(page, { locale, details: { areaQuery: district.query } });
		const tag = `zn${randomBytes(3).toString('hex')}`;
		const near = await listItemIn(page, `Meja ${tag}`, district.code);
		await listItemIn(page, `Lemari ${tag}`, '31.74.07');
		await page.goto(localePath('/', locale));
		const row = page.getByRole('region', { name: items.nearYou.title });
		// The item of the viewer's district leads, though a newer one was listed in Jakarta.
		await expect(row.getByRole('article').first().getByRole('heading')).toHaveText(near.name);
		await expect(row.getByRole('link', { name: items.nearYou.viewAll })).toHaveAttribute(
			'href',
			`${localePath('/items', locale)}?near=me`,
		);
		const latest = page.getByRole('region', { name: items.latest.title });
		const [rowTop, latestTop] = await Promise.all([row, latest].map((r) => r.boundingBox()));
		expect(rowTop!.y).toBeLessThan(latestTop!.y);

		// Signed out, then signed in without a district: no row.
		const visitor = await newVisitor(browser);
		await visitor.goto(localePath('/', locale));
		await expect(
			visitor.getByRole('region', { name: items.latest.title }).getByRole('article').first(),
		).toBeVisible();
		await expect(visitor.getByRole('region', { name: items.nearYou.title })).toBeHidden();
		await signedInNewcomer(visitor, locale);
		const refused = visitor.waitForResponse((response) => response.url().includes('near=me'));
		await visitor.goto(localePath('/', locale));
		expect((await refused).status()).toBe(400);
		await expect(
			visitor.getByRole('region', { name: items.latest.title }).getByRole('article').first(),
		).toBeVisible();
		await expect(visitor.getByRole('region', { name: items.nearYou.title })).toBeHidden();
		await visitor.context().close();
	});
});
