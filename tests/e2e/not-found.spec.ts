import { expect, test } from '@playwright/test';
import { localePath, locales, pageTitle, translations } from './support/i18n';

for (const locale of locales) {
	const { home, notFound } = translations[locale];
	const missing = localePath('/this-page-does-not-exist', locale);

	test.describe(`missing page (${locale})`, () => {
		test('answers 404 with a page in its language', async ({ page }) => {
			const response = await page.goto(missing);
			expect(response?.status()).toBe(404);
			await expect(page).toHaveURL(missing);
			await expect(page.locator('html')).toHaveAttribute('lang', locale);
			await expect(page).toHaveTitle(pageTitle(notFound.title));
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.heading);
			await expect(page.getByText(notFound.text, { exact: true })).toBeVisible();
		});

		// A page that looks its subject up and finds nothing hands over to the not-found page.
		for (const path of ['/items/987654321', '/profile/no-such-member']) {
			test(`a missing ${path.split('/')[1]} answers 404 in its path's language`, async ({
				page,
			}) => {
				const response = await page.goto(localePath(path, locale));
				expect(response?.status()).toBe(404);
				await expect(page.locator('html')).toHaveAttribute('lang', locale);
				await expect(page).toHaveTitle(pageTitle(notFound.title));
				await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.heading);
				await expect(
					page.getByRole('main').getByRole('link', { name: notFound.items, exact: true }),
				).toHaveAttribute('href', localePath('/items', locale));
			});
		}

		test('links back home and to the items', async ({ page }) => {
			await page.goto(missing);
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
}

test('a deeper unknown English path also answers 404 in English', async ({ page }) => {
	const response = await page.goto('/en/unknown/deeper');
	expect(response?.status()).toBe(404);
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(
		translations.en.notFound.heading,
	);
});
