/**
 * Giving drives on a phone, in Indonesian: a moderator starts a drive from /drives/new with two
 * needs, lands on its page, which shows each need's progress and "Give" link, and the page's HTML
 * carries its link preview in both languages, as a scraper reads it. (A verified organisation's
 * owner starts one the same way; who may is covered by the API suite.)
 */
import { randomInt } from 'node:crypto';
import idDrives from '../../locales/id/drives.json' with { type: 'json' };
import idItem from '../../locales/id/item.json' with { type: 'json' };
import { expect, islandReady, signedIn, test } from './support/accounts';
import { localePath } from './support/i18n';

test.use({ viewport: { width: 390, height: 800 } });

/** The day `days` from today in Jakarta, as the date input takes it. */
function jakartaDayIn(days: number): string {
	return new Date(Date.now() + 7 * 60 * 60_000 + days * 24 * 60 * 60_000)
		.toISOString()
		.slice(0, 10);
}

/** The content of a `<meta>` tag in the head of a page's HTML. */
function metaContent(html: string, name: string): string | undefined {
	const head = html.split(/<\/head>/i)[0] ?? '';
	for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
		if (new RegExp(`\\s(?:property|name)="${name}"`).test(tag)) {
			return /\scontent="([^"]*)"/.exec(tag)?.[1];
		}
	}
	return undefined;
}

test('a moderator starts a drive, and its page shows the needs with their progress', async ({
	page,
}) => {
	await signedIn(page, { kind: 'moderator' });
	const title = `Seragam untuk anak panti ${randomInt(1e6)}`;
	await page.goto(localePath('/drives/new', 'id'));
	const titleField = page.getByLabel(idDrives.fields.title);
	await islandReady(titleField);

	await page.getByRole('button', { name: idDrives.create }).click();
	await expect(page.getByText(idDrives.errors.titleRequired)).toBeVisible();

	await titleField.fill(title);
	await page
		.getByLabel(idDrives.fields.story)
		.fill('Dua puluh anak mulai sekolah bulan depan dan belum punya seragam.');
	await page.getByLabel(idDrives.fields.address).fill('Jl. Melati No. 5, Kebayoran Baru');
	const district = page.getByRole('combobox', { name: idDrives.fields.district });
	await district.fill('Kebayoran Baru');
	await page
		.getByRole('listbox', { name: idDrives.fields.district })
		.getByRole('option')
		.first()
		.click();
	await page.getByLabel(idDrives.fields.endDate).fill(jakartaDayIn(14));

	const first = page.getByTestId('drive-need-fields').nth(0);
	await first.getByLabel(idDrives.needs.title).fill('Seragam SD');
	await first.getByLabel(idDrives.needs.category).selectOption({ label: idItem.category.clothing });
	await first.getByLabel(idDrives.needs.quantity).fill('20');
	await page.getByRole('button', { name: idDrives.needs.add }).click();
	const second = page.getByTestId('drive-need-fields').nth(1);
	await second.getByLabel(idDrives.needs.title).fill('Buku tulis');
	await second.getByLabel(idDrives.needs.category).selectOption({ label: idItem.category.books });
	await second.getByLabel(idDrives.needs.quantity).fill('50');
	await page.getByRole('button', { name: idDrives.create }).click();

	await page.waitForURL(/\/drives\/\d+$/);
	const drive = page.getByTestId('drive');
	await expect(drive.getByRole('heading', { level: 1 })).toHaveText(title);
	await expect(drive).toContainText(idDrives.endsInDays_other.replace('{{count}}', '14'));
	const needs = drive.getByTestId('drive-need');
	await expect(needs).toHaveCount(2);
	await expect(needs.nth(0)).toContainText('0 dari 20 diterima');
	await expect(needs.nth(1)).toContainText('0 dari 50 diterima');
	await expect(needs.nth(0).getByRole('progressbar')).toBeVisible();
	await expect(
		needs.nth(0).getByRole('link', { name: idDrives.giveLabel.replace('{{title}}', 'Seragam SD') }),
	).toHaveAttribute('href', /^\/needs\/\d+$/);

	const path = new URL(page.url()).pathname;
	for (const [locale, pagePath] of [
		['id', path],
		['en', `/en${path}`],
	] as const) {
		const response = await page.request.get(pagePath);
		expect(response.status(), pagePath).toBe(200);
		const html = await response.text();
		expect(metaContent(html, 'og:title'), locale).toContain(title);
		expect(metaContent(html, 'og:description'), locale).toContain(title);
		expect(metaContent(html, 'og:image'), locale).toMatch(/\/share\/(id|en)\.jpg$/);
	}
});
