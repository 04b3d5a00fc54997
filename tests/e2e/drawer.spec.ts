import { type Locator, type Page, expect, test } from '@playwright/test';
import { translations } from './support/i18n';

const { nav, support } = translations.id;

test.use({ viewport: { width: 375, height: 800 } });

/** The hamburger and the drawer it controls, on a phone-sized Indonesian home page. */
function parts(page: Page) {
	return {
		hamburger: page.getByRole('button', { name: nav.openMenu }),
		drawer: page.locator('#site-drawer'),
	};
}

/** Opens the drawer and waits until it has finished sliding in, as a visitor would see it. */
async function openDrawer(page: Page): Promise<Locator> {
	const { hamburger, drawer } = parts(page);
	await hamburger.click();
	await expect(drawer).toBeVisible();
	await drawer.evaluate((element) =>
		Promise.all(element.getAnimations().map((animation) => animation.finished)),
	);
	return drawer;
}

/** Whether keyboard focus is on an element inside the drawer. */
function focusIsInDrawer(page: Page): Promise<boolean> {
	return page.evaluate(() => {
		const drawer = document.querySelector('#site-drawer');
		const active = document.activeElement;
		return Boolean(drawer && active && active !== drawer && drawer.contains(active));
	});
}

test.describe('navigation drawer on a phone', () => {
	test.beforeEach(async ({ page }) => {
		await page.goto('/');
	});

	test('opens from the hamburger as a dialog narrower than the screen', async ({ page }) => {
		const { hamburger } = parts(page);
		await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
		await expect(hamburger).toHaveAttribute('aria-controls', 'site-drawer');

		const drawer = await openDrawer(page);
		await expect(page.getByRole('dialog', { name: nav.menuTitle })).toBeVisible();
		await expect(hamburger).toHaveAttribute('aria-expanded', 'true');

		const box = await drawer.boundingBox();
		expect(box).not.toBeNull();
		expect(box?.x).toBe(0);
		expect(box?.width).toBeGreaterThan(0);
		expect(box?.width).toBeLessThanOrEqual(375 * 0.8);
		expect(box?.width).toBeLessThanOrEqual(400);

		for (const name of [nav.items, nav.donate, nav.heroes, nav.support, nav.login, nav.register]) {
			await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
		}
		await expect(drawer.getByRole('button', { name: nav.closeMenu })).toBeVisible();
	});

	test('keeps keyboard focus inside while open', async ({ page }) => {
		await openDrawer(page);
		expect(await focusIsInDrawer(page)).toBe(true);

		const stops = await page
			.locator('#site-drawer')
			.locator(':is(a[href], button:not([disabled])):visible')
			.count();
		const seen = new Set<string>();
		for (let press = 0; press < stops + 2; press += 1) {
			await page.keyboard.press('Tab');
			expect(await focusIsInDrawer(page), `after Tab ${press + 1}`).toBe(true);
			seen.add(await page.evaluate(() => document.activeElement?.outerHTML ?? ''));
		}
		// Tab visits every control of the drawer and wraps around.
		expect(seen.size).toBe(stops);

		for (let press = 0; press < stops + 2; press += 1) {
			await page.keyboard.press('Shift+Tab');
			expect(await focusIsInDrawer(page), `after Shift+Tab ${press + 1}`).toBe(true);
		}
	});

	test('closes on Escape and gives focus back to the hamburger', async ({ page }) => {
		const { hamburger, drawer } = parts(page);
		await openDrawer(page);

		await page.keyboard.press('Escape');
		await expect(drawer).toBeHidden();
		await expect(hamburger).toBeFocused();
		await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
	});

	test('closes with its close button', async ({ page }) => {
		const { hamburger, drawer } = parts(page);
		await openDrawer(page);

		await drawer.getByRole('button', { name: nav.closeMenu }).click();
		await expect(drawer).toBeHidden();
		await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
	});

	test('closes on a tap on the dimmed page beside it', async ({ page }) => {
		const { hamburger, drawer } = parts(page);
		await openDrawer(page);

		await page.mouse.click(360, 400);
		await expect(drawer).toBeHidden();
		await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
	});

	test('stays open on a tap inside it', async ({ page }) => {
		const drawer = await openDrawer(page);

		await drawer.getByRole('heading', { name: nav.menuTitle }).click();
		await expect(drawer).toBeVisible();
	});

	test('follows a link and is closed on the new page', async ({ page }) => {
		const drawer = await openDrawer(page);

		await drawer.getByRole('link', { name: nav.support, exact: true }).click();
		await expect(page).toHaveURL('/support-us');
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(support.heading);
		const { hamburger, drawer: newDrawer } = parts(page);
		await expect(newDrawer).toBeHidden();
		await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
		await expect(page.getByRole('dialog')).toHaveCount(0);
	});

	test('is closed when the page comes back from history', async ({ page }) => {
		const drawer = await openDrawer(page);
		await drawer.getByRole('link', { name: nav.support, exact: true }).click();
		await expect(page).toHaveURL('/support-us');

		await page.goBack();
		await expect(page).toHaveURL('/');
		const { hamburger, drawer: restored } = parts(page);
		await expect(restored).toBeHidden();
		await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
	});
});
