/** More people in one journey: each in their own browser context, from their own address. */
import { randomInt } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';

/**
 * Another visitor in their own browser context (their own cookies), from their own address, so
 * the limits the site keeps per visitor apply to each person apart.
 */
export async function otherVisitor(browser: Browser, baseURL: string): Promise<Page> {
	const address = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
	const context = await browser.newContext({
		baseURL,
		viewport: { width: 1280, height: 900 },
		extraHTTPHeaders: { 'X-Forwarded-For': address },
	});
	return context.newPage();
}

/** Records what the page passes to `window.open` instead of leaving for wa.me (offline here). */
export async function recordWindowOpen(page: Page): Promise<void> {
	await page.addInitScript(() => {
		const opened: string[] = [];
		Object.assign(window, { openedUrls: opened });
		window.open = (url?: string | URL) => {
			opened.push(String(url));
			return null;
		};
	});
}

/** What the page has passed to `window.open` so far (see `recordWindowOpen`). */
export function openedUrls(page: Page): Promise<string[]> {
	return page.evaluate(() => (window as unknown as { openedUrls: string[] }).openedUrls);
}
