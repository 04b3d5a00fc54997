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

/** Whether two boxes overlap: each starts before the other ends, on both axes. */
function overlap(a: Box, b: Box): boolean {
	return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

type Box = { x: number; y: number; width: number; height: number };

test.describe('toast placement', () => {
	for (const width of [360, 1280]) {
		test(`a toast at ${width} px covers neither the sticky header nor the page title`, async ({
			page,
		}) => {
			await page.setViewportSize({ width, height: 800 });
			await page.goto('/en/support-us');
			await leaveToast(page, 'success', 'Profile saved');
			await page.reload();

			const toast = page
				.getByRole('region', { name: new RegExp(`^${translations.en.common.toastRegion}`) })
				.getByRole('listitem')
				.filter({ hasText: 'Profile saved' });
			await expect(toast).toHaveAttribute('data-mounted', 'true');
			await toast.evaluate((element) =>
				Promise.all(element.getAnimations().map((animation) => animation.finished)),
			);

			const box = await toast.boundingBox();
			const header = await page.getByRole('banner').boundingBox();
			const title = await page.getByRole('heading', { level: 1 }).boundingBox();
			if (!box || !header || !title) throw new Error('The toast, header or title has no box');
			const boxes = `toast ${JSON.stringify(box)}, header ${JSON.stringify(header)}, title ${JSON.stringify(title)}`;
			expect(overlap(box, header), boxes).toBe(false);
			expect(overlap(box, title), boxes).toBe(false);
		});
	}
});
