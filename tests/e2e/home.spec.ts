import { expect, type Page, test } from '@playwright/test';
import { type Locale, localePath, pageTitle, translations } from './support/i18n';

// What the pages say is checked in both languages; following their links, which works the same in
// both, in one of them.

/** Expects the home page in `locale`: the promise, the two ways in and the three benefits. */
async function expectHome(page: Page, locale: Locale): Promise<void> {
	const { home } = translations[locale];
	await expect(page).toHaveTitle(pageTitle(home.title));
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.hero.title);
	await expect(page.getByText(home.hero.subtitle, { exact: true })).toBeVisible();

	const main = page.getByRole('main');
	const donate = main.getByRole('link', { name: home.hero.donate, exact: true });
	await expect(donate).toBeVisible();
	await expect(donate).toHaveAttribute('href', localePath('/donate-item', locale));
	const search = main.getByRole('link', { name: home.hero.searchItems, exact: true });
	await expect(search).toBeVisible();
	await expect(search).toHaveAttribute('href', localePath('/items', locale));

	const why = page.getByRole('region', { name: home.why.title });
	await expect(why.getByRole('heading', { level: 2 })).toHaveText(home.why.title);
	await expect(why.getByText(home.why.subtitle, { exact: true })).toBeVisible();
	const benefits = why.getByRole('listitem');
	await expect(benefits).toHaveCount(3);
	const expected = [home.why.happiness, home.why.space, home.why.environment];
	for (const [index, benefit] of expected.entries()) {
		const card = benefits.nth(index);
		await expect(card.getByRole('heading', { level: 3 })).toHaveText(benefit.title);
		await expect(card.getByText(benefit.text, { exact: true })).toBeVisible();
	}
}

/** Expects the support page in `locale`: what support pays for, and the way to give. */
async function expectSupportPage(page: Page, locale: Locale): Promise<void> {
	const { support } = translations[locale];
	await expect(page).toHaveTitle(pageTitle(support.title));
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(support.heading);
	const uses = page.getByRole('region', { name: support.usesTitle });
	await expect(uses.getByRole('heading', { level: 3 })).toHaveText([
		support.uses.servers.title,
		support.uses.features.title,
		support.uses.community.title,
	]);
	const donate = page.getByRole('link', { name: support.cta, exact: true });
	await expect(donate).toHaveAttribute('target', '_blank');
	await expect(donate).toHaveAttribute('rel', /(^|\s)noopener(\s|$)/);
	await expect(donate).toHaveAccessibleDescription(support.ctaNote);
	expect(new URL((await donate.getAttribute('href')) ?? '').protocol).toBe('https:');
}

test.describe('home page', () => {
	test('opens with the promise and the two ways in, and explains why to give (id)', async ({
		page,
	}) => {
		// The latest items come with the page: its script's first request revalidates them.
		const poll = page.waitForRequest(
			(request) => new URL(request.url()).pathname === '/api/items/latest',
		);
		await page.goto('/');
		await expectHome(page, 'id');
		const etag = await page.locator('[data-latest-items]').getAttribute('data-etag');
		expect(etag).toMatch(/^"/);
		expect((await poll).headers()['if-none-match']).toBe(etag);
	});

	test('opens with the promise and the two ways in, and explains why to give (en)', async ({
		page,
	}) => {
		const { home } = translations.en;
		await page.goto('/en');
		await expectHome(page, 'en');

		await page
			.getByRole('main')
			.getByRole('link', { name: home.hero.searchItems, exact: true })
			.click();
		await expect(page).toHaveURL('/en/items');
	});
});

test.describe('support page', () => {
	test('explains what support pays for and opens the donation page in a new tab (id)', async ({
		page,
		context,
	}) => {
		const { support } = translations.id;
		await page.goto('/support-us');
		await expectSupportPage(page, 'id');

		// The donation site is outside the test; answer for it so the new tab has a page.
		const donate = page.getByRole('link', { name: support.cta, exact: true });
		const href = (await donate.getAttribute('href')) ?? '';
		await context.route(`${new URL(href).origin}/**`, (route) =>
			route.fulfill({ contentType: 'text/html', body: '<title>Donation page</title>' }),
		);
		const opened = context.waitForEvent('page');
		await donate.click();
		const tab = await opened;
		await expect(tab).toHaveURL(href);
		await expect(page).toHaveURL('/support-us');
		expect(await tab.evaluate(() => window.opener)).toBeNull();
	});

	test('explains what support pays for (en)', async ({ page }) => {
		await page.goto('/en/support-us');
		await expectSupportPage(page, 'en');
	});
});
