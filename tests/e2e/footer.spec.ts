import { expect, test } from '@playwright/test';
import { fill, localePath, locales, siteTitle, translations } from './support/i18n';

for (const locale of locales) {
	const { footer, legal, nav } = translations[locale];

	test.describe(`footer (${locale})`, () => {
		test.beforeEach(async ({ page }) => {
			await page.goto(localePath('/', locale));
		});

		test('tells what Hibahin is and lists the site links', async ({ page }) => {
			const contentinfo = page.getByRole('contentinfo');
			await expect(contentinfo.getByRole('heading', { name: footer.aboutTitle })).toBeVisible();
			await expect(contentinfo.getByText(footer.about)).toBeVisible();

			const links = contentinfo.getByRole('navigation', { name: footer.linksTitle });
			const expected = [
				[nav.items, '/items'],
				[nav.donate, '/donate-item'],
				[nav.support, '/support-us'],
				[footer.privacyPolicy, '/privacy-policy'],
				[footer.terms, '/terms'],
			] as const;
			for (const [name, path] of expected) {
				await expect(links.getByRole('link', { name, exact: true })).toHaveAttribute(
					'href',
					localePath(path, locale),
				);
			}
		});

		test('leads to the privacy policy and the terms', async ({ page }) => {
			const links = page
				.getByRole('contentinfo')
				.getByRole('navigation', { name: footer.linksTitle });

			await links.getByRole('link', { name: footer.privacyPolicy, exact: true }).click();
			await expect(page).toHaveURL(localePath('/privacy-policy', locale));
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.privacyTitle);

			await page
				.getByRole('contentinfo')
				.getByRole('navigation', { name: footer.linksTitle })
				.getByRole('link', { name: footer.terms, exact: true })
				.click();
			await expect(page).toHaveURL(localePath('/terms', locale));
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.termsTitle);
		});

		test('gives the email, phone and address to reach Hibahin', async ({ page }) => {
			const contact = page
				.getByRole('contentinfo')
				.getByRole('region', { name: footer.contactTitle });
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

		test('shows the copyright line with the current year', async ({ page }) => {
			const year = new Date().getFullYear();
			await expect(
				page
					.getByRole('contentinfo')
					.getByText(fill(footer.copyright, { year, site: siteTitle }), { exact: true }),
			).toBeVisible();
		});
	});
}
