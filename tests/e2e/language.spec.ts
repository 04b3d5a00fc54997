import { type Page, expect, test } from '@playwright/test';
import {
	type Locale,
	fill,
	localePath,
	locales,
	pageTitle,
	pathOf,
	translations,
} from './support/i18n';

test.use({ viewport: { width: 1280, height: 800 } });

/** The link of the header's language switcher that moves to `target`. */
function switchLink(page: Page, from: Locale, target: Locale) {
	const { nav } = translations[from];
	return page.getByRole('navigation', { name: nav.mainLabel }).getByRole('link', {
		name: fill(nav.language.switchTo, { language: nav.language[target] }),
		exact: true,
	});
}

/** The `language` cookie of the browser context, if any. */
async function languageCookie(page: Page): Promise<string | undefined> {
	const cookies = await page.context().cookies();
	return cookies.find((cookie) => cookie.name === 'language')?.value;
}

function storedLanguage(page: Page): Promise<string | null> {
	return page.evaluate(() => localStorage.getItem('language'));
}

test.describe('language switch', () => {
	test('moves to the same page in English and remembers the choice', async ({ page }) => {
		await page.goto('/terms');
		await expect(page.locator('html')).toHaveAttribute('lang', 'id');

		await switchLink(page, 'id', 'en').click();
		await expect(page).toHaveURL('/en/terms');
		await expect(page.locator('html')).toHaveAttribute('lang', 'en');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(
			translations.en.legal.termsTitle,
		);
		expect(await storedLanguage(page)).toBe('en');
		expect(await languageCookie(page)).toBe('en');

		await page.reload();
		await expect(page).toHaveURL('/en/terms');
		await expect(page.locator('html')).toHaveAttribute('lang', 'en');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(
			translations.en.legal.termsTitle,
		);
	});

	test('sends a visitor who chose English from an Indonesian link to the English page', async ({
		page,
	}) => {
		await page.goto('/terms');
		await switchLink(page, 'id', 'en').click();
		await expect(page).toHaveURL('/en/terms');

		await page.goto('/privacy-policy');
		await expect(page).toHaveURL('/en/privacy-policy');
		await expect(page.locator('html')).toHaveAttribute('lang', 'en');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(
			translations.en.legal.privacyTitle,
		);
		await expect(page).toHaveTitle(pageTitle(translations.en.legal.privacyTitle));

		// The Indonesian page was replaced, not added to the history: Back skips it.
		await page.goBack();
		await expect(page).toHaveURL('/en/terms');
	});

	test('keeps the query and fragment when it sends a visitor to their language', async ({
		page,
	}) => {
		await page.goto('/en');
		await page.evaluate(() => localStorage.setItem('language', 'en'));

		await page.goto('/terms?from=test#contents');
		await expect(page).toHaveURL('/en/terms?from=test#contents');
		await expect(page.locator('html')).toHaveAttribute('lang', 'en');
	});

	test('goes back to Indonesian and remembers that too', async ({ page }) => {
		await page.goto('/terms');
		await switchLink(page, 'id', 'en').click();
		await expect(page).toHaveURL('/en/terms');

		await switchLink(page, 'en', 'id').click();
		await expect(page).toHaveURL('/terms');
		await expect(page.locator('html')).toHaveAttribute('lang', 'id');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(
			translations.id.legal.termsTitle,
		);
		expect(await storedLanguage(page)).toBe('id');
		expect(await languageCookie(page)).toBe('id');

		// An English link now leads to the Indonesian page.
		await page.goto('/en/privacy-policy');
		await expect(page).toHaveURL('/privacy-policy');
		await expect(page.locator('html')).toHaveAttribute('lang', 'id');
	});

	test('marks the current language in the switcher', async ({ page }) => {
		for (const locale of locales) {
			const { nav } = translations[locale];
			await page.goto(localePath('/support-us', locale));
			const current = page
				.getByRole('navigation', { name: nav.mainLabel })
				.getByRole('link', { name: nav.language[locale], exact: true });
			await expect(current).toHaveAttribute('aria-current', 'true');
			await expect(current).toHaveAttribute('href', localePath('/support-us', locale));
		}
	});
});

test.describe('page head in each language', () => {
	const pages = [
		{ path: '/', title: (locale: Locale) => translations[locale].home.title },
		{
			path: '/privacy-policy',
			title: (locale: Locale) => translations[locale].legal.privacyTitle,
		},
		{ path: '/terms', title: (locale: Locale) => translations[locale].legal.termsTitle },
		{ path: '/support-us', title: (locale: Locale) => translations[locale].support.title },
	];

	for (const locale of locales) {
		for (const { path, title } of pages) {
			const url = localePath(path, locale);

			test(`${url} has its title, language, canonical and alternate links`, async ({ page }) => {
				await page.goto(url);
				await expect(page).toHaveTitle(pageTitle(title(locale)));
				await expect(page.locator('html')).toHaveAttribute('lang', locale);

				const canonical = page.locator('link[rel="canonical"]');
				await expect(canonical).toHaveCount(1);
				// Paths are compared without a trailing slash: prerendered pages currently
				// announce `/en/terms/` while every link on the site says `/en/terms`.
				expect(pathOf((await canonical.getAttribute('href')) ?? '')).toBe(url);

				const alternates = {
					id: localePath(path, 'id'),
					en: localePath(path, 'en'),
					'x-default': localePath(path, 'id'),
				};
				for (const [hreflang, expected] of Object.entries(alternates)) {
					const alternate = page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`);
					await expect(alternate).toHaveCount(1);
					const href = (await alternate.getAttribute('href')) ?? '';
					expect(href, hreflang).toMatch(/^https?:\/\//);
					expect(pathOf(href), hreflang).toBe(expected);
				}
			});
		}
	}

	for (const locale of locales) {
		test(`the missing page is titled in its language (${locale})`, async ({ page }) => {
			await page.goto(localePath('/a-missing-page', locale));
			await expect(page).toHaveTitle(pageTitle(translations[locale].notFound.title));
			await expect(page.locator('html')).toHaveAttribute('lang', locale);
			await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
		});
	}
});
