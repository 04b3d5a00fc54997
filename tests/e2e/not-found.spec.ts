import { expect, test } from '@playwright/test';
import { elements, fetchPage } from './support/html';
import { type Locale, localePath, locales, pageTitle, translations } from './support/i18n';

/** The links of a page's main content, as `text → href`. */
function mainLinks(html: string): Record<string, string> {
	const [main] = elements(html, 'main');
	return Object.fromEntries(
		elements(main?.inner ?? '', 'a').map((link) => [link.text, link.attributes['href'] ?? '']),
	);
}

// Status and markup, read without a browser, in both languages.
for (const locale of locales) {
	const { notFound } = translations[locale];
	const missing = localePath('/this-page-does-not-exist', locale);

	test.describe(`missing page (${locale})`, () => {
		test('answers 404 with a page in its language', async ({ request }) => {
			const { response, lang, title, headings, html } = await fetchPage(request, missing);
			expect(response.status()).toBe(404);
			expect(new URL(response.url()).pathname).toBe(missing);
			expect(lang).toBe(locale);
			expect(title).toBe(pageTitle(notFound.title));
			expect(headings).toEqual([notFound.heading]);
			expect(elements(html, 'p').map((paragraph) => paragraph.text)).toContain(notFound.text);
			expect(mainLinks(html)).toMatchObject({
				[notFound.home]: localePath('/', locale),
				[notFound.items]: localePath('/items', locale),
			});
		});

		// A page that looks its subject up and finds nothing hands over to the not-found page.
		for (const path of ['/items/987654321', '/profile/no-such-member']) {
			test(`a missing ${path.split('/')[1]} answers 404 in its path's language`, async ({
				request,
			}) => {
				const page = await fetchPage(request, localePath(path, locale));
				expect(page.response.status()).toBe(404);
				expect(page.lang).toBe(locale);
				expect(page.title).toBe(pageTitle(notFound.title));
				expect(page.headings).toEqual([notFound.heading]);
				expect(mainLinks(page.html)[notFound.items]).toBe(localePath('/items', locale));
			});
		}
	});
}

test('a deeper unknown English path also answers 404 in English', async ({ request }) => {
	const page = await fetchPage(request, '/en/unknown/deeper');
	expect(page.response.status()).toBe(404);
	expect(page.lang).toBe('en');
	expect(page.headings).toEqual([translations.en.notFound.heading]);
});

// Following the links is the same in both languages: it runs in one.
test.describe('missing page, in a browser', () => {
	const locale: Locale = 'id';
	const { home, notFound } = translations[locale];

	test('says so and links back home and to the items', async ({ page }) => {
		await page.goto(localePath('/this-page-does-not-exist', locale));
		await expect(page.getByText(notFound.text, { exact: true })).toBeVisible();
		const main = page.getByRole('main');
		await expect(main.getByRole('link', { name: notFound.items, exact: true })).toHaveAttribute(
			'href',
			localePath('/items', locale),
		);

		await main.getByRole('link', { name: notFound.home, exact: true }).click();
		await expect(page).toHaveURL(localePath('/', locale));
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.hero.title);
	});
});
