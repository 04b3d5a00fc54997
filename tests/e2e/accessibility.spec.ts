import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { localePath, locales, translations } from './support/i18n';

const paths = ['/', '/privacy-policy', '/terms', '/support-us', '/a-missing-page'];

/** Axe's serious and critical findings on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
	const results = await new AxeBuilder({ page }).analyze();
	return results.violations
		.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		.map(
			(violation) =>
				`${violation.id} (${violation.impact}): ${violation.nodes
					.map((node) => node.target.join(' '))
					.join(', ')}`,
		);
}

test.describe('accessibility', () => {
	for (const locale of locales) {
		for (const path of paths) {
			const url = localePath(path, locale);

			test(`${url} has no serious or critical axe violations`, async ({ page }) => {
				await page.goto(url);
				const violations = await seriousViolations(page);
				expect(violations, violations.join('\n')).toEqual([]);
			});
		}
	}

	test.describe('on a phone', () => {
		test.use({ viewport: { width: 375, height: 800 } });

		for (const locale of locales) {
			test(`the open drawer has no serious or critical axe violations (${locale})`, async ({
				page,
			}) => {
				await page.goto(localePath('/', locale));
				await page.getByRole('button', { name: translations[locale].nav.openMenu }).click();
				const drawer = page.getByRole('dialog', { name: translations[locale].nav.menuTitle });
				await expect(drawer).toBeVisible();
				await drawer.evaluate((element) =>
					Promise.all(element.getAnimations().map((animation) => animation.finished)),
				);
				const violations = await seriousViolations(page);
				expect(violations, violations.join('\n')).toEqual([]);
			});
		}
	});
});
