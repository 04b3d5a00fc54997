import { expect, type Page, test } from '@playwright/test';
import { fill, type Locale, localePath, locales, siteTitle, translations } from './support/i18n';

/** The footer's site links. */
function siteLinks(page: Page, locale: Locale) {
	return page
		.getByRole('contentinfo')
		.getByRole('navigation', { name: translations[locale].footer.linksTitle });
}

// What the footer says is checked in both languages, on one page load each; following its links,
// which works the same in both, in one of them.
for (const locale of locales) {
	const { footer, nav } = translations[locale];

	test(`the footer tells what Hibahin is, lists the site links and says how to reach it (${locale})`, async ({
		page,
	}) => {
		await page.goto(localePath('/', locale));
		const contentinfo = page.getByRole('contentinfo');

		await test.step('tells what Hibahin is and lists the site links', async () => {
			await expect(contentinfo.getByRole('heading', { name: footer.aboutTitle })).toBeVisible();
			await expect(contentinfo.getByText(footer.about)).toBeVisible();
			const expected = [
				[nav.items, '/items'],
				[nav.donate, '/donate-item'],
				[nav.support, '/support-us'],
				[footer.privacyPolicy, '/privacy-policy'],
				[footer.terms, '/terms'],
			] as const;
			for (const [name, path] of expected) {
				await expect(
					siteLinks(page, locale).getByRole('link', { name, exact: true }),
				).toHaveAttribute('href', localePath(path, locale));
			}
		});

		await test.step('gives the email, phone and address to reach Hibahin', async () => {
			const contact = contentinfo.getByRole('region', { name: footer.contactTitle });
			await expect(contact.getByRole('heading', { name: footer.contactTitle })).toBeVisible();

			const email = contact.getByRole('link', { name: /@/ });
			await expect(email).toBeVisible();
			await expect(email).toHaveAttribute('href', /^mailto:[^@\s]+@[^@\s]+\.[a-z]+$/);
			const address = (await email.getAttribute('href'))?.replace('mailto:', '');
			await expect(email).toHaveText(address ?? '');

			const phone = contact.getByRole('link', { name: /^\+62[\d ]+$/ });
			await expect(phone).toBeVisible();
			const digits = (await phone.textContent())?.replaceAll(' ', '');
			await expect(phone).toHaveAttribute('href', `tel:${digits}`);

			await expect(contact.getByText(footer.email, { exact: true })).toBeVisible();
			await expect(contact.getByText(footer.phone, { exact: true })).toBeVisible();
			await expect(contact.getByText(footer.address, { exact: true })).toBeVisible();
			await expect(contact.locator('address')).toContainText(/Jakarta/);
		});

		await test.step('shows the copyright line with the current year', async () => {
			const year = new Date().getFullYear();
			await expect(
				contentinfo.getByText(fill(footer.copyright, { year, site: siteTitle }), { exact: true }),
			).toBeVisible();
		});
	});
}

test('the footer leads to the privacy policy and the terms', async ({ page }) => {
	const locale: Locale = 'en';
	const { footer, legal } = translations[locale];
	await page.goto(localePath('/', locale));

	await siteLinks(page, locale)
		.getByRole('link', { name: footer.privacyPolicy, exact: true })
		.click();
	await expect(page).toHaveURL(localePath('/privacy-policy', locale));
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.privacyTitle);

	await siteLinks(page, locale).getByRole('link', { name: footer.terms, exact: true }).click();
	await expect(page).toHaveURL(localePath('/terms', locale));
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.termsTitle);
});
