import { expect, test } from '@playwright/test';
import { heroTexts, requireSeededServer, rupiah } from './support/heroes';
import { type Locale, localePath } from './support/i18n';
import { fullEarlySupporters, fullSupporters } from './support/seed';

requireSeededServer();

/**
 * The support page and its texts in `locale`. Each journey runs in one language and the next in
 * the other; `page-languages.spec.ts` sees the page in both, `accessibility.spec.ts` runs axe.
 */
function inLanguage(locale: Locale) {
	return { support: heroTexts[locale].support, supportPage: localePath('/support-us', locale) };
}

test.describe('support page with supporters', { tag: '@full' }, () => {
	test('shows the three largest supporters large, then five more (id)', async ({ page }) => {
		const { support, supportPage } = inLanguage('id');
		await page.goto(supportPage);
		const section = page.getByRole('region', { name: support.topSupporters.title });
		const featured = section.locator('[data-supporter="featured"]');
		const more = section.locator('[data-supporter="more"]');
		await expect(featured).toHaveCount(3);
		await expect(more).toHaveCount(5);
		await expect(featured.getByRole('heading', { level: 3 })).toHaveText(
			fullSupporters.slice(0, 3).map((s) => s.name),
		);
		await expect(more.getByRole('heading', { level: 4 })).toHaveText(
			fullSupporters.slice(3, 8).map((s) => s.name),
		);
		await expect(section).not.toContainText(fullSupporters[8]!.name);

		const [rizky, sari, teguh] = [0, 1, 2].map((n) => featured.nth(n));
		await expect(rizky!.locator('[data-part="amount"]')).toHaveText(rupiah(500_000));
		await expect(rizky!.locator('[data-part="units"]')).toHaveText('20 Kopi');
		await expect(rizky!.locator('[data-part="message"]')).toHaveText('Terus berbagi, Hibahin!');
		await expect(sari!.locator('[data-part="message"]')).toHaveCount(0);
		await expect(teguh!.locator('[data-part="units"]')).toHaveCount(0);
		await expect(more.first().locator('[data-part="amount"]')).toHaveText(rupiah(100_000));

		// Avatars come from our own server, drawn from the name.
		const avatar = rizky!.locator('img');
		await expect(avatar).toHaveAttribute('src', '/api/avatars/Rizky%20Pratama.svg');
		await expect
			.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
			.toBeGreaterThan(0);
	});

	test('lists early supporters in the order they joined (en)', async ({ page }) => {
		const { support, supportPage } = inLanguage('en');
		await page.goto(supportPage);
		const section = page.getByRole('region', { name: support.earlySupporters.title });
		const entries = section.getByRole('listitem');
		await expect(entries).toHaveCount(fullEarlySupporters.length);
		await expect(entries.locator('[data-part="name"]')).toHaveText(
			fullEarlySupporters.map((s) => s.name),
		);
		await expect(entries.first()).toContainText(fullEarlySupporters[0]!.message!);
		await expect(entries.nth(1).locator('[data-part="message"]')).toHaveCount(0);
	});

	test('shows an error when the supporters cannot load (id)', async ({ page }) => {
		const { support, supportPage } = inLanguage('id');
		await page.route('**/api/trakteer/supports', (route) => route.abort());
		await page.goto(supportPage);
		await expect(
			page.getByRole('alert').filter({ hasText: support.topSupporters.error }),
		).toBeVisible();
		await expect(page.locator('[data-early-supporters] [data-part="name"]')).toHaveCount(3);
	});
});

test.describe('support page without supporters', { tag: '@sparse' }, () => {
	test('says there are no supporters yet, and still links to the donation page (en)', async ({
		page,
	}) => {
		const { support, supportPage } = inLanguage('en');
		await page.goto(supportPage);
		await expect(page.getByText(support.topSupporters.empty)).toBeVisible();
		await expect(page.getByText(support.earlySupporters.empty)).toBeVisible();
		await expect(page.getByRole('link', { name: support.cta, exact: true })).toHaveAttribute(
			'target',
			'_blank',
		);
	});
});
