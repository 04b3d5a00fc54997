import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { element, elements, fetchPage } from './support/html';
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

const titles: Record<Locale, Record<LegalPage, string>> = {
	id: {
		'privacy-policy': translations.id.legal.privacyTitle,
		terms: translations.id.legal.termsTitle,
	},
	en: {
		'privacy-policy': translations.en.legal.privacyTitle,
		terms: translations.en.legal.termsTitle,
	},
};

// Status and markup, read without a browser, in both languages.
for (const locale of locales) {
	const { legal } = translations[locale];

	for (const legalPage of ['privacy-policy', 'terms'] as const) {
		const url = localePath(`/${legalPage}`, locale);
		const title = titles[locale][legalPage];

		test.describe(url, () => {
			test('shows its title and when it was last updated', async ({ request }) => {
				const page = await fetchPage(request, url);
				expect(page.response.status()).toBe(200);
				expect(page.title).toBe(pageTitle(title));
				expect(page.headings).toEqual([title]);
				expect(elements(page.html, 'p').map((paragraph) => paragraph.text)).toContain(
					fill(legal.lastUpdated, { date: longDate(updatedDate(locale, legalPage)) }),
				);
			});

			test('has a table of contents whose entries name the sections', async ({ request }) => {
				const { html } = await fetchPage(request, url);
				const contents = elements(html, 'nav').find(
					(nav) => nav.attributes['aria-labelledby'] === 'legal-contents',
				);
				expect(contents).toBeDefined();
				const sections = new Map(
					elements(html, 'h2').map((heading) => [heading.attributes['id'], heading.text]),
				);
				expect(sections.get('legal-contents')).toBe(legal.contents);
				const links = elements(contents!.inner, 'a');
				expect(links.length).toBeGreaterThanOrEqual(5);
				for (const link of links) {
					const href = link.attributes['href'] ?? '';
					expect(href).toMatch(/^#./);
					expect(sections.get(href.slice(1))).toBe(link.text);
				}
			});

			test('has the full text in its language', async ({ request }) => {
				const article = element((await fetchPage(request, url)).html, 'article');
				for (const mention of mentions[legalPage][locale]) expect(article.text).toMatch(mention);
				expect(elements(article.inner, 'h2')).not.toHaveLength(0);
				expect(article.text.split(/\s+/).length).toBeGreaterThan(800);
			});
		});
	}
}

// Following an entry scrolls the same way in both languages: each text runs in one.
const jumps: { locale: Locale; legalPage: LegalPage }[] = [
	{ locale: 'id', legalPage: 'privacy-policy' },
	{ locale: 'en', legalPage: 'terms' },
];
for (const { locale, legalPage } of jumps) {
	const url = localePath(`/${legalPage}`, locale);

	test(`${url}: following an entry far down the table of contents brings its section into view`, async ({
		page,
	}) => {
		await page.goto(url);
		const links = page
			.getByRole('navigation', { name: translations[locale].legal.contents })
			.getByRole('link');
		const count = await links.count();
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
}
