/**
 * Browsing items: the list's search, category, sort and pages (kept in the URL, rendered on the
 * server first), the home page's latest items, and a donor's own items (status toggle, delete).
 * Each worker's donor starts signed in and lists its items through the API, all carrying a word no
 * other item has, so other journeys' items never change what is counted. Each journey runs in one
 * language, the two taking turns; the language of every page is checked in
 * `page-languages.spec.ts`.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import enItem from '../../locales/en/item.json' with { type: 'json' };
import enItems from '../../locales/en/items.json' with { type: 'json' };
import idItem from '../../locales/id/item.json' with { type: 'json' };
import idItems from '../../locales/id/items.json' with { type: 'json' };
import { expect, islandsHydrated, signedIn, test } from './support/accounts';
import { fill, type Locale, localePath, pageTitle, translations } from './support/i18n';

const texts = {
	id: { ...translations.id, item: idItem, items: idItems },
	en: { ...translations.en, item: enItem, items: enItems },
} satisfies Record<Locale, unknown>;

/** This worker's word: in the description of every item the list's journeys count. */
const tag = `zq${randomBytes(3).toString('hex')}`;
/** Another word, for items listed along the way, which the counted searches must not find. */
const otherTag = `xv${randomBytes(3).toString('hex')}`;
/** 13 furniture items and 2 books, listed in this order (the last is the newest). */
const chairs = Array.from({ length: 13 }, (_, index) => `Kursi ${tag} ${index + 1}`);
const books = [`Buku ${tag} A`, `Buku ${tag} B`];

/** The donor's signed-in browser state, saved once the items are listed. */
let donor: Awaited<ReturnType<BrowserContext['storageState']>>;

interface CreatedItem {
	id: number;
	name: string;
}

/** Lists an item the way the donate form does: a verification token, then the multipart form. */
async function createItem(
	request: APIRequestContext,
	name: string,
	category: string,
	word = tag,
): Promise<CreatedItem> {
	// A browser's own POST says where it comes from; the site refuses form posts that do not.
	const headers = { Origin: new URL(test.info().project.use.baseURL ?? '').origin };
	const verification = await request.post('/api/verification/simulated', { headers });
	expect(verification.status()).toBe(200);
	const { token } = (await verification.json()).data as { token: string };
	const photo = await sharp({
		create: { width: 400, height: 300, channels: 3, background: { r: 120, g: 160, b: 110 } },
	})
		.png()
		.toBuffer();
	const response = await request.post('/api/items', {
		headers,
		multipart: {
			name,
			description: `Barang ${word} yang masih bagus dan layak pakai.`,
			condition: 'used',
			weight: '2',
			length: '40',
			width: '30',
			height: '20',
			quantity: '1',
			category,
			verificationToken: token,
			files: { name: 'photo.png', mimeType: 'image/png', buffer: photo },
		},
	});
	expect(response.status(), await response.text()).toBe(201);
	return (await response.json()).data as CreatedItem;
}

/**
 * Waits until every island on the page runs: a click before that does nothing. Generous, since
 * hydration is slow on a busy machine.
 */
const hydrated = (page: Page) => islandsHydrated(page, 30_000);

/**
 * A visitor's own address, for a server that trusts `X-Forwarded-For` (`TRUST_PROXY=true`): human
 * checks are rate-limited per address, as in `support/accounts.ts`.
 */
const visitor = () => ({
	'X-Forwarded-For': `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
});

/** A browser page signed in as this worker's donor. */
async function donorPage(browser: Browser): Promise<Page> {
	const context = await browser.newContext({ storageState: donor, extraHTTPHeaders: visitor() });
	return context.newPage();
}

test.beforeAll(async ({ browser }) => {
	test.setTimeout(90_000);
	const context = await browser.newContext({ extraHTTPHeaders: visitor() });
	const page = await context.newPage();
	await signedIn(page);
	for (const name of chairs) await createItem(page.request, name, 'furniture');
	for (const name of books) await createItem(page.request, name, 'books');
	donor = await context.storageState();
	await context.close();
});

/** The names on the cards of the list, in order. */
function cardNames(page: Page) {
	return page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });
}

/** The URL's query as an object, to compare regardless of order. */
function queryOf(page: Page): Record<string, string> {
	return Object.fromEntries(new URL(page.url()).searchParams);
}

/** The list's texts and paths in `locale`. */
function inLocale(locale: Locale) {
	const { items, item } = texts[locale];
	return {
		items,
		item,
		at: (path: string) => localePath(path, locale),
		results: (count: number) =>
			fill(count === 1 ? items.results_one : items.results_other, { count }),
		pageOf: (page: number, total: number) => fill(items.pageOf, { page, total }),
		/** A card's "by {{name}}" line, whoever the donor is. */
		byline: new RegExp(`^${fill(item.by, { name: '' }).trim()}\\s`),
	};
}

test.describe('item list', () => {
	test('searches, filters by category and sorts, kept in the URL', async ({ page }) => {
		const { items, item, at, results, pageOf, byline } = inLocale('id');
		await page.goto(at('/items'));
		await expect(page).toHaveTitle(pageTitle(items.title));
		await hydrated(page);
		const search = page.getByRole('searchbox', { name: items.search.label });
		await expect(search).toBeFocused();

		await search.fill(tag);
		await expect.poll(() => queryOf(page)).toEqual({ search: tag });
		await expect(page.getByRole('heading', { name: results(15) })).toBeVisible();
		await expect(cardNames(page)).toHaveCount(12);
		await expect(cardNames(page).first()).toHaveText(books[1]!);
		await expect(page.getByText(pageOf(1, 2), { exact: true })).toBeVisible();

		await page.getByLabel(item.category.label).selectOption('books');
		await expect.poll(() => queryOf(page)).toEqual({ search: tag, category: 'books' });
		await expect(cardNames(page)).toHaveText([books[1]!, books[0]!]);
		const card = page.getByRole('article').filter({ hasText: books[1]! });
		await expect(card.getByText(item.status.AVAILABLE, { exact: true })).toBeVisible();
		await expect(card.getByText(item.category.books, { exact: true })).toBeVisible();
		await expect(card.getByText(byline)).toBeVisible();

		await page.getByLabel(items.sort.label).selectOption('oldest');
		await expect
			.poll(() => queryOf(page))
			.toEqual({
				search: tag,
				category: 'books',
				sort: 'oldest',
			});
		await expect(cardNames(page)).toHaveText([books[0]!, books[1]!]);

		// Back restores the previous choice, in the controls as well as the list.
		await page.goBack();
		await expect(page.getByLabel(items.sort.label)).toHaveValue('newest');
		await expect(cardNames(page)).toHaveText([books[1]!, books[0]!]);

		// A reload (or a shared link) opens the same list.
		await page.goForward();
		await page.reload();
		await hydrated(page);
		await expect(page.getByLabel(items.sort.label)).toHaveValue('oldest');
		await expect(page.getByLabel(item.category.label)).toHaveValue('books');
		await expect(search).toHaveValue(tag);
		await expect(cardNames(page)).toHaveText([books[0]!, books[1]!]);

		// The card leads to the item's page in the same language.
		const link = cardNames(page).first().getByRole('link');
		await expect(link).toHaveAttribute('href', new RegExp(`^${at('/items/')}\\d+$`));
	});

	test('pages with previous, next and page numbers; a new search starts at page 1', async ({
		page,
	}) => {
		const { items, at, pageOf } = inLocale('en');
		await page.goto(`${at('/items')}?search=${tag}&sort=oldest`);
		// The pager's links work as plain links too; these steps are about the page's own paging.
		await hydrated(page);
		const pager = page.getByRole('navigation', { name: items.pagination.label });
		await expect(cardNames(page).first()).toHaveText(chairs[0]!);
		await expect(pager.getByRole('button', { name: items.pagination.previous })).toBeDisabled();
		await expect(
			pager.getByRole('link', { name: fill(items.pagination.page, { page: 1 }) }),
		).toHaveAttribute('aria-current', 'page');

		await pager.getByRole('link', { name: fill(items.pagination.page, { page: 2 }) }).click();
		await expect.poll(() => queryOf(page)).toEqual({ search: tag, sort: 'oldest', page: '2' });
		await expect(cardNames(page)).toHaveText([chairs[12]!, books[0]!, books[1]!]);
		await expect(pager.getByText(pageOf(2, 2), { exact: true })).toBeVisible();
		await expect(pager.getByRole('button', { name: items.pagination.next })).toBeDisabled();

		await pager.getByRole('link', { name: items.pagination.previous }).click();
		await expect.poll(() => queryOf(page)).toEqual({ search: tag, sort: 'oldest' });
		await expect(cardNames(page).first()).toHaveText(chairs[0]!);
		await pager.getByRole('link', { name: items.pagination.next }).click();
		await expect(cardNames(page)).toHaveCount(3);

		await page.goBack();
		await expect(cardNames(page)).toHaveCount(12);
		await expect(pager.getByText(pageOf(1, 2), { exact: true })).toBeVisible();
		await page.goForward();
		await expect(cardNames(page)).toHaveCount(3);

		// A new search starts again at page 1.
		const nothing = `${tag}-nothing-like-this`;
		await page.getByRole('searchbox', { name: items.search.label }).fill(nothing);
		await expect.poll(() => queryOf(page)).toEqual({ search: nothing, sort: 'oldest' });
		await expect(page.getByText(fill(items.emptySearch, { search: nothing }))).toBeVisible();
		await expect(pager).toBeHidden();
	});

	test('an empty search offers to clear it, keeping the category and the sort', async ({
		page,
	}) => {
		const { items, at } = inLocale('id');
		const nothing = `${tag}-nothing-like-this`;
		await page.goto(`${at('/items')}?search=${nothing}&category=books&sort=oldest`);
		await hydrated(page);
		const search = page.getByRole('searchbox', { name: items.search.label });
		await expect(page.getByText(fill(items.emptySearch, { search: nothing }))).toBeVisible();

		await page.getByRole('link', { name: items.clearSearch, exact: true }).click();
		await expect.poll(() => queryOf(page)).toEqual({ category: 'books', sort: 'oldest' });
		await expect(search).toHaveValue('');
		await expect(search).toBeFocused();
		await expect(cardNames(page).filter({ hasText: books[0]! })).toHaveCount(1);
		await expect(page.getByText(fill(items.emptySearch, { search: nothing }))).toHaveCount(0);
	});
});

test.describe('item list without JavaScript', () => {
	test.use({ javaScriptEnabled: false });

	test('the server renders the page the URL asks for, with links to the others', async ({
		page,
	}) => {
		const { items, at, results } = inLocale('en');
		await page.goto(`${at('/items')}?search=${tag}&page=2&sort=oldest`);
		await expect(cardNames(page)).toHaveText([chairs[12]!, books[0]!, books[1]!]);
		await expect(page.getByRole('heading', { name: results(15) })).toBeVisible();
		const pager = page.getByRole('navigation', { name: items.pagination.label });
		await expect(
			pager.getByRole('link', { name: fill(items.pagination.page, { page: 1 }) }),
		).toHaveAttribute('href', `${at('/items')}?search=${tag}&sort=oldest`);
	});

	// In English, where one item and many read differently.
	test('counts a single item in the singular', async ({ page }) => {
		const { at, results } = inLocale('en');
		await page.goto(`${at('/items')}?${new URLSearchParams({ search: books[0]! })}`);
		await expect(cardNames(page)).toHaveText([books[0]!]);
		await expect(page.getByRole('heading', { name: results(1), exact: true })).toBeVisible();
	});

	test('an empty search links back to the list without it', async ({ page }) => {
		const { items, at } = inLocale('id');
		const nothing = `${tag}-nothing-like-this`;
		await page.goto(`${at('/items')}?search=${nothing}&category=books`);
		await page.getByRole('link', { name: items.clearSearch, exact: true }).click();
		await expect.poll(() => queryOf(page)).toEqual({ category: 'books' });
		await expect(cardNames(page).filter({ hasText: books[0]! })).toHaveCount(1);
	});
});

test("the list hydrates from the server's page without asking the API again", async ({ page }) => {
	const { items, at } = inLocale('en');
	const calls: string[] = [];
	page.on('request', (request) => {
		if (new URL(request.url()).pathname.startsWith('/api/items')) calls.push(request.url());
	});
	await page.goto(`${at('/items')}?search=${tag}`);
	await hydrated(page);
	const search = page.getByRole('searchbox', { name: items.search.label });
	await expect(search).toBeFocused();
	await page.waitForLoadState('networkidle');
	expect(calls).toEqual([]);
});

test('the home page shows the latest items and picks up a new one by itself', async ({
	page,
	browser,
}) => {
	const locale: Locale = 'id';
	const { items, at } = inLocale(locale);
	await page.goto(at('/'));
	const section = page.getByRole('region', { name: items.latest.title });
	const cards = section.getByRole('article');
	await expect(cards.first()).toBeVisible();
	expect(await cards.count()).toBeLessThanOrEqual(8);
	await expect(cards.first().getByRole('link')).toHaveAttribute(
		'href',
		new RegExp(`^${at('/items/')}\\d+$`),
	);
	await expect(section.getByRole('link', { name: items.latest.viewAll })).toHaveAttribute(
		'href',
		at('/items'),
	);

	const owner = await donorPage(browser);
	const fresh = `Lemari ${otherTag} ${locale}`;
	await createItem(owner.request, fresh, 'furniture', otherTag);
	await owner.context().close();
	// No reload: the section polls every 3 seconds.
	await expect(section.getByRole('heading', { name: fresh })).toBeVisible({ timeout: 10_000 });
	// The card filled in the browser shows the condition's badge, as the server's cards do.
	const card = cards.filter({ has: page.getByRole('heading', { name: fresh }) });
	await expect(card.getByText(texts[locale].item.condition.used, { exact: true })).toBeVisible();
});

/** Lists a new item for the donor and opens My items in `locale`, ready to use. */
async function openMyItems(browser: Browser, locale: Locale, name: string) {
	const { items, at } = inLocale(locale);
	const page = await donorPage(browser);
	const listed = await createItem(page.request, name, 'furniture', otherTag);
	await page.goto(at('/my-items'));
	await expect(page).toHaveTitle(pageTitle(items.my.title));
	await hydrated(page);
	return { page, listed, card: page.getByRole('article').filter({ hasText: name }) };
}

test('a donor marks an item donated and available again', async ({ browser }) => {
	test.setTimeout(60_000);
	const locale: Locale = 'en';
	const { items, item, at, byline } = inLocale(locale);
	const { page, listed, card } = await openMyItems(browser, locale, `Meja ${otherTag} ${locale}`);
	// The donor's own cards do not say who gives them.
	await expect(card.getByText(item.status.AVAILABLE, { exact: true })).toBeVisible();
	await expect(card.getByText(byline)).toHaveCount(0);
	const edit = card.getByRole('link', { name: items.my.edit, exact: true });
	await expect(edit).toHaveAttribute('href', at(`/my-items/${listed.id}/edit`));
	await expect(card.getByRole('link', { name: items.my.view, exact: true })).toHaveAttribute(
		'href',
		at(`/items/${listed.id}`),
	);

	// Marking it donated closes its requests: a dialog naming it asks first, and cancelling
	// leaves it available.
	const markDonated = card.getByRole('button', { name: items.toggle.markDonated });
	await markDonated.click();
	const asking = page.getByRole('dialog', { name: items.toggle.title });
	await expect(asking).toContainText(fill(items.toggle.message, { name: listed.name }));
	await expect(asking.getByRole('button', { name: items.toggle.cancel })).toBeFocused();
	await page.keyboard.press('Escape');
	await expect(asking).toBeHidden();
	await expect(markDonated).toBeFocused();
	await expect(card.getByText(item.status.AVAILABLE, { exact: true })).toBeVisible();
	await markDonated.click();
	await asking.getByRole('button', { name: items.toggle.confirm }).click();
	await expect(page.getByText(items.toggle.success, { exact: true })).toBeVisible();
	await expect(card.getByText(item.status.DONATED, { exact: true })).toBeVisible();
	await expect(card.getByText(items.my.locked, { exact: true })).toBeVisible();
	await expect(card.getByRole('button', { name: items.my.edit, exact: true })).toBeDisabled();
	await expect(card.getByRole('button', { name: items.my.delete, exact: true })).toBeDisabled();

	await card.getByRole('button', { name: items.toggle.markAvailable }).click();
	await expect(card.getByText(item.status.AVAILABLE, { exact: true })).toBeVisible();
	await expect(edit).toBeVisible();
	await page.context().close();
});

test('a donor deletes an item only after confirming it by name', async ({ browser }) => {
	test.setTimeout(60_000);
	const locale: Locale = 'id';
	const { items } = inLocale(locale);
	const { page, listed, card } = await openMyItems(browser, locale, `Rak ${otherTag} ${locale}`);
	const dialog = page.getByRole('dialog', { name: items.delete.title });
	await card.getByRole('button', { name: items.my.delete, exact: true }).click();
	await expect(dialog).toBeVisible();
	await expect(dialog).toContainText(fill(items.delete.message, { name: listed.name }));
	await expect(dialog.getByRole('button', { name: items.delete.cancel })).toBeFocused();
	await dialog.getByRole('button', { name: items.delete.cancel }).click();
	await expect(dialog).toBeHidden();
	await expect(card).toBeVisible();

	await card.getByRole('button', { name: items.my.delete, exact: true }).click();
	await dialog.getByRole('button', { name: items.delete.confirm }).click();
	await expect(page.getByText(items.delete.success, { exact: true })).toBeVisible();
	await expect(card).toHaveCount(0);
	await page.reload();
	await expect(page.getByRole('heading', { name: chairs[0]!, exact: true })).toBeVisible();
	await expect(card).toHaveCount(0);
	await page.context().close();
});

test('a donor without items is invited to donate one', async ({ page }) => {
	const locale: Locale = 'en';
	const { items, at } = inLocale(locale);
	await signedIn(page, { locale });
	await page.goto(at('/my-items'));
	await expect(page.getByText(items.my.empty, { exact: true })).toBeVisible();
	await expect(page.getByRole('link', { name: items.my.emptyAction })).toHaveAttribute(
		'href',
		at('/donate-item'),
	);
});

test('my items sends a signed-out visitor to register first, and back afterwards', async ({
	page,
}) => {
	const response = await page.request.get('/my-items', { maxRedirects: 0 });
	expect(response.status()).toBe(302);
	const target = new URL(response.headers()['location'] ?? '', 'http://localhost');
	expect(target.pathname).toBe('/register');
	expect(Object.fromEntries(target.searchParams)).toEqual({
		redirectTo: '/my-items',
		reason: 'loginRequired',
	});
});
