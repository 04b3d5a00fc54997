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

test.describe('toast placement', () => {
	for (const width of [390, 1280]) {
		test(`a toast at ${width} px sits clear of the sticky header`, async ({ page }) => {
			await page.setViewportSize({ width, height: 800 });
			await page.goto('/en/support-us');
			await leaveToast(page, 'info', 'Profile saved');
			await page.reload();

			const toast = page
				.getByRole('region', { name: new RegExp(`^${translations.en.common.toastRegion}`) })
				.getByRole('listitem')
				.filter({ hasText: 'Profile saved' });
			await expect(toast).toHaveAttribute('data-mounted', 'true');
			await toast.evaluate((element) =>
				Promise.all(element.getAnimations().map((animation) => animation.finished)),
			);

			const header = await page.getByRole('banner').boundingBox();
			const box = await toast.boundingBox();
			if (!header || !box) throw new Error('The header or the toast has no box on the page');
			// Boxes overlap when each starts before the other ends, on both axes.
			const overlaps =
				box.x < header.x + header.width &&
				header.x < box.x + box.width &&
				box.y < header.y + header.height &&
				header.y < box.y + box.height;
			expect(overlaps, `toast ${JSON.stringify(box)}, header ${JSON.stringify(header)}`).toBe(
				false,
			);
		});
	}
});
