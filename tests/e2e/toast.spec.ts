import { type Page, expect, test } from '@playwright/test';
import { translations } from './support/i18n';

const flashKey = 'hibahin.flashToast';

/** Leaves a toast for the next page, as `flashToast()` does before a navigation. */
async function leaveToast(page: Page, kind: string, message: string): Promise<void> {
	await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [
		flashKey,
		JSON.stringify({ kind, message }),
	] as const);
}

test.describe('toast left for the next page', () => {
	test('appears once, and not again after another reload', async ({ page }) => {
		const message = 'Barang berhasil dihibahkan';
		await page.goto('/');
		await leaveToast(page, 'success', message);

		await page.reload();
		const notifications = page.getByRole('region', {
			name: new RegExp(`^${translations.id.common.toastRegion}`),
		});
		await expect(notifications.getByText(message, { exact: true })).toBeVisible();
		await expect(page.getByText(message, { exact: true })).toHaveCount(1);
		expect(await page.evaluate((key) => sessionStorage.getItem(key), flashKey)).toBeNull();

		// Once the page has settled, there is no toast and not even a toaster.
		await page.reload({ waitUntil: 'networkidle' });
		expect(await page.evaluate((key) => sessionStorage.getItem(key), flashKey)).toBeNull();
		await expect(notifications).toHaveCount(0);
		await expect(page.getByText(message, { exact: true })).toHaveCount(0);
	});

	test('is shown on the page the visitor goes to next', async ({ page }) => {
		const message = 'Profile saved';
		await page.goto('/en');
		await leaveToast(page, 'info', message);

		await page.goto('/en/support-us');
		const notifications = page.getByRole('region', {
			name: new RegExp(`^${translations.en.common.toastRegion}`),
		});
		await expect(notifications.getByText(message, { exact: true })).toBeVisible();

		// The next toast replaces it; the first one is not repeated.
		await leaveToast(page, 'error', 'Could not save');
		await page.goto('/en/terms');
		await expect(page.getByText('Could not save', { exact: true })).toBeVisible();
		await expect(page.getByText(message, { exact: true })).toHaveCount(0);
	});
});
