import { expect, type Page, test } from '@playwright/test';
import { type Locale, localePath, translations } from './support/i18n';

test.describe('top navigation at desktop width', () => {
	test.use({ viewport: { width: 1280, height: 800 } });

	/** Expects the bar's logo, main links and account buttons, with the drawer closed. */
	async function expectBar(page: Page, locale: Locale): Promise<void> {
		const { nav } = translations[locale];
		const bar = page.getByRole('navigation', { name: nav.mainLabel });
		await expect(bar.getByRole('link', { name: nav.home })).toHaveAttribute(
			'href',
			localePath('/', locale),
		);
		const links = [
			[nav.items, '/items'],
			[nav.donate, '/donate-item'],
			[nav.heroes, '/heroes/rankings'],
			[nav.support, '/support-us'],
			[nav.login, '/login'],
			[nav.register, '/register'],
		] as const;
		for (const [name, path] of links) {
			const link = bar.getByRole('link', { name, exact: true });
			await expect(link).toBeVisible();
			await expect(link).toHaveAttribute('href', localePath(path, locale));
		}
		// The drawer's copy of the links stays closed on a wide screen.
		await expect(page.getByRole('button', { name: nav.openMenu })).toBeHidden();
		await expect(page.getByRole('dialog')).toBeHidden();
	}

	test('shows the logo, main links and account buttons (id)', async ({ page }) => {
		await page.goto('/');
		await expectBar(page, 'id');
	});

	// Following the links works the same in both languages: it runs in one.
	test('shows the logo, main links and account buttons, which lead on (en)', async ({ page }) => {
		const locale: Locale = 'en';
		const { nav, support } = translations[locale];
		await page.goto(localePath('/', locale));
		await expectBar(page, locale);

		// The support link leads to the support page.
		const bar = page.getByRole('navigation', { name: nav.mainLabel });
		await bar.getByRole('link', { name: nav.support, exact: true }).click();
		await expect(page).toHaveURL(localePath('/support-us', locale));
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(support.heading);

		// The logo leads back home.
		await page
			.getByRole('navigation', { name: nav.mainLabel })
			.getByRole('link', { name: nav.home })
			.click();
		await expect(page).toHaveURL(localePath('/', locale));
	});

	test('marks the link of the page being shown as the current page', async ({ page }) => {
		const { nav } = translations.id;
		await page.goto('/support-us');
		await expect(
			page
				.getByRole('navigation', { name: nav.mainLabel })
				.getByRole('link', { name: nav.support, exact: true }),
		).toHaveAttribute('aria-current', 'page');
	});

	test('stays at the top of the window after scrolling down', async ({ page }) => {
		const { nav } = translations.id;
		await page.goto('/terms');
		const bar = page.getByRole('navigation', { name: nav.mainLabel });

		await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
		await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

		await expect(bar).toBeInViewport();
		expect((await bar.boundingBox())?.y).toBe(0);
		await expect(bar.getByRole('link', { name: nav.home })).toBeVisible();
		await expect(bar.getByRole('link', { name: nav.items, exact: true })).toBeInViewport();
	});
});
