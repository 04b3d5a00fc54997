import { expect, test } from '@playwright/test';
import { localePath, locales, pageTitle, translations } from './support/i18n';

for (const locale of locales) {
	const { home, support } = translations[locale];

	test.describe(`home page (${locale})`, () => {
		test.beforeEach(async ({ page }) => {
			await page.goto(localePath('/', locale));
		});

		test('opens with the promise and the two ways in', async ({ page }) => {
			await expect(page).toHaveTitle(pageTitle(home.title));
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.hero.title);
			await expect(page.getByText(home.hero.subtitle, { exact: true })).toBeVisible();

			const main = page.getByRole('main');
			const donate = main.getByRole('link', { name: home.hero.donate, exact: true });
			await expect(donate).toBeVisible();
			await expect(donate).toHaveAttribute('href', localePath('/donate-item', locale));

			const search = main.getByRole('link', { name: home.hero.searchItems, exact: true });
			await expect(search).toBeVisible();
			await search.click();
			await expect(page).toHaveURL(localePath('/items', locale));
		});

		test('explains why to give, with its three benefits', async ({ page }) => {
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
		});
	});

	test.describe(`support page (${locale})`, () => {
		test('explains what support pays for', async ({ page }) => {
			await page.goto(localePath('/support-us', locale));
			await expect(page).toHaveTitle(pageTitle(support.title));
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(support.heading);
			const uses = page.getByRole('region', { name: support.usesTitle });
			await expect(uses.getByRole('heading', { level: 3 })).toHaveText([
				support.uses.servers.title,
				support.uses.features.title,
				support.uses.community.title,
			]);
		});

		test('opens the external donation page in a new tab', async ({ page, context }) => {
			await page.goto(localePath('/support-us', locale));
			const donate = page.getByRole('link', { name: support.cta, exact: true });
			await expect(donate).toHaveAttribute('target', '_blank');
			await expect(donate).toHaveAttribute('rel', /(^|\s)noopener(\s|$)/);
			await expect(donate).toHaveAccessibleDescription(support.ctaNote);
			const href = (await donate.getAttribute('href')) ?? '';
			expect(new URL(href).protocol).toBe('https:');

			// The donation site is outside the test; answer for it so the new tab has a page.
			await context.route(`${new URL(href).origin}/**`, (route) =>
				route.fulfill({ contentType: 'text/html', body: '<title>Donation page</title>' }),
			);
			const opened = context.waitForEvent('page');
			await donate.click();
			const tab = await opened;
			await expect(tab).toHaveURL(href);
			await expect(page).toHaveURL(localePath('/support-us', locale));
			expect(await tab.evaluate(() => window.opener)).toBeNull();
		});
	});
}
