import { expect, test } from '@playwright/test';
import { heroTexts, requireSeededServer, rupiah, seriousViolations } from './support/heroes';
import { localePath, locales } from './support/i18n';
import { fullEarlySupporters, fullSupporters } from './support/seed';

requireSeededServer();

for (const locale of locales) {
	const { support } = heroTexts[locale];
	const supportPage = localePath('/support-us', locale);

	test.describe(`support page with supporters (${locale})`, { tag: '@full' }, () => {
		test('shows the three largest supporters large, then five more', async ({ page }) => {
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

		test('lists early supporters in the order they joined', async ({ page }) => {
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

		test('shows an error when the supporters cannot load', async ({ page }) => {
			await page.route('**/api/trakteer/supports', (route) => route.abort());
			await page.goto(supportPage);
			await expect(
				page.getByRole('alert').filter({ hasText: support.topSupporters.error }),
			).toBeVisible();
			await expect(page.locator('[data-early-supporters] [data-part="name"]')).toHaveCount(3);
		});

		test('has no serious or critical axe violations', async ({ page }) => {
			await page.goto(supportPage);
			await expect(page.locator('[data-supporter="more"]')).toHaveCount(5);
			await expect(page.locator('[data-early-supporters]')).toHaveAttribute('aria-busy', 'false');
			const violations = await seriousViolations(page);
			expect(violations, violations.join('\n')).toEqual([]);
		});
	});

	test.describe(`support page without supporters (${locale})`, { tag: '@sparse' }, () => {
		test('says there are no supporters yet, and still links to the donation page', async ({
			page,
		}) => {
			await page.goto(supportPage);
			await expect(page.getByText(support.topSupporters.empty)).toBeVisible();
			await expect(page.getByText(support.earlySupporters.empty)).toBeVisible();
			await expect(page.getByRole('link', { name: support.cta, exact: true })).toHaveAttribute(
				'target',
				'_blank',
			);
			const violations = await seriousViolations(page);
			expect(violations, violations.join('\n')).toEqual([]);
		});
	});
}
