import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type Locale, fill, localePath, locales, pageTitle, translations } from './support/i18n';

type LegalPage = 'privacy-policy' | 'terms';

/** The `updated` date in the front matter of a legal text. */
function updatedDate(locale: Locale, page: LegalPage): Date {
	const file = join(import.meta.dirname, '../../src/content/legal', locale, `${page}.md`);
	const updated = /^updated:\s*(\d{4}-\d{2}-\d{2})\s*$/m.exec(readFileSync(file, 'utf8'))?.[1];
	if (!updated) throw new Error(`No updated date in ${file}`);
	return new Date(updated);
}

/** A long date as the site writes it in every language (spec: the Indonesian locale). */
function longDate(date: Date): string {
	return new Intl.DateTimeFormat('id-ID', {
		day: 'numeric',
		month: 'long',
		year: 'numeric',
		timeZone: 'Asia/Jakarta',
	}).format(date);
}

/** Words each text must mention, so an empty or wrong-language page does not pass. */
const mentions: Record<LegalPage, Record<Locale, RegExp[]>> = {
	'privacy-policy': {
		id: [/WhatsApp/, /cookie/i, /data pribadi/i, /Undang-Undang Nomor 27 Tahun 2022/],
		en: [/WhatsApp/, /cookies/i, /personal data/i, /Law No\. 27 of 2022/],
	},
	terms: {
		id: [/WhatsApp/, /gratis/i, /Pemberi/, /Penerima/],
		en: [/WhatsApp/, /free of charge/i, /Donors?/, /Receivers?/],
	},
};

for (const locale of locales) {
	const { legal } = translations[locale];
	const titles: Record<LegalPage, string> = {
		'privacy-policy': legal.privacyTitle,
		terms: legal.termsTitle,
	};

	for (const legalPage of ['privacy-policy', 'terms'] as const) {
		const url = localePath(`/${legalPage}`, locale);

		test.describe(url, () => {
			test.beforeEach(async ({ page }) => {
				await page.goto(url);
			});

			test('shows its title and when it was last updated', async ({ page }) => {
				await expect(page).toHaveTitle(pageTitle(titles[legalPage]));
				await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[legalPage]);
				await expect(
					page.getByText(
						fill(legal.lastUpdated, { date: longDate(updatedDate(locale, legalPage)) }),
						{ exact: true },
					),
				).toBeVisible();
			});

			test('has a table of contents whose links jump to the sections', async ({ page }) => {
				const contents = page.getByRole('navigation', { name: legal.contents });
				await expect(contents).toBeVisible();
				const links = contents.getByRole('link');
				const count = await links.count();
				expect(count).toBeGreaterThanOrEqual(5);

				// Every entry names a section heading of the text.
				for (let index = 0; index < count; index += 1) {
					const link = links.nth(index);
					const href = (await link.getAttribute('href')) ?? '';
					expect(href).toMatch(/^#./);
					const section = page.locator(`h2[id="${href.slice(1)}"]`);
					await expect(section).toHaveText((await link.textContent()) ?? '');
				}

				// Following an entry far down the page brings its section into view.
				for (const link of [links.nth(Math.floor(count / 2)), links.last()]) {
					const href = (await link.getAttribute('href')) ?? '';
					const section = page.locator(`h2[id="${href.slice(1)}"]`);
					await expect(section).not.toBeInViewport();
					await link.click();
					await expect(page).toHaveURL(`${url}${href}`);
					await expect(section).toBeInViewport();
					await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
				}
			});

			test('has the full text in its language', async ({ page }) => {
				const article = page.getByRole('article');
				for (const mention of mentions[legalPage][locale]) {
					await expect(article).toContainText(mention);
				}
				await expect(article.getByRole('heading', { level: 2 })).not.toHaveCount(0);
				const text = (await article.innerText()).trim();
				expect(text.split(/\s+/).length).toBeGreaterThan(800);
			});
		});
	}
}
