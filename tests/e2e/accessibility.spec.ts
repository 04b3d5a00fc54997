import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { accountTexts, completeProfile, expect, signUp, test } from './support/accounts';
import { type Locale, localePath, locales, translations } from './support/i18n';
import { listItem } from './support/items';

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

/** Waits until every island that loads at once has hydrated, so axe sees the live page. */
async function islandsHydrated(page: Page): Promise<void> {
	await expect(page.locator('astro-island[client="load"][ssr]')).toHaveCount(0);
}

/** Opens `path` and expects no serious or critical axe findings once its islands run. */
async function expectAccessible(page: Page, path: string): Promise<void> {
	await page.goto(path);
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	await islandsHydrated(page);
	const violations = await seriousViolations(page);
	expect(violations, `${path}:\n${violations.join('\n')}`).toEqual([]);
}

/** Shows a toast of `kind` on the current page the way a previous page leaves one. */
async function showToast(page: Page, locale: Locale, kind: string, message: string) {
	await page.evaluate(([value]) => sessionStorage.setItem('hibahin.flashToast', value), [
		JSON.stringify({ kind, message }),
	] as const);
	await page.reload();
	const toast = page
		.getByRole('region', { name: new RegExp(`^${translations[locale].common.toastRegion}`) })
		.getByRole('listitem')
		.filter({ hasText: message });
	await expect(toast).toHaveAttribute('data-mounted', 'true');
	// A pointer over the toasts holds them open while axe looks at them.
	await toast.hover();
	await toast.evaluate((element) =>
		Promise.all(element.getAnimations().map((animation) => animation.finished)),
	);
	return toast;
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

	test.describe('signed in', () => {
		// Each journey signs up through the provider and completes a profile.
		test.describe.configure({ timeout: 120_000 });

		for (const locale of locales) {
			const at = (path: string) => localePath(path, locale);

			test(`account pages have no serious or critical axe violations (${locale})`, async ({
				page,
			}) => {
				await signUp(page, { locale });
				await expectAccessible(page, at('/complete-profile'));
				// Sent to completion from a page that needs a complete profile: the page says why.
				await page.goto(at('/profile'));
				await expect(
					page
						.getByRole('main')
						.getByText(accountTexts[locale].profile.completeProfileFirst, { exact: true }),
				).toBeVisible();
				await expectAccessible(page, page.url());

				await completeProfile(page, { locale });
				const item = await listItem(page, `Lemari jati ${locale}`);
				for (const path of [
					'/profile',
					'/edit-profile',
					'/my-items',
					'/donate-item',
					`/items/${item.id}`,
				]) {
					await expectAccessible(page, at(path));
				}
			});

			test(`toasts have no serious or critical axe violations (${locale})`, async ({ page }) => {
				await signUp(page, { locale });
				await completeProfile(page, { locale });
				await page.goto(at('/profile'));
				await islandsHydrated(page);
				const { profile } = accountTexts[locale];
				for (const [kind, message] of [
					['info', profile.completeProfileFirst],
					['success', profile.edit.success],
					['error', profile.edit.error],
				] as const) {
					const toast = await showToast(page, locale, kind, message);
					const violations = await seriousViolations(page);
					expect(violations, `${kind} toast:\n${violations.join('\n')}`).toEqual([]);
					await expect(toast).toBeVisible();
				}
			});
		}
	});
});
