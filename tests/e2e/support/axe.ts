/** Axe-core's look at a page as it is now, for `accessibility.spec.ts`. */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from './accounts';

/** Axe's serious and critical findings on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
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

/** Expects no serious or critical findings on the page as it is now; `state` names it. */
export async function expectAccessible(page: Page, state: string): Promise<void> {
	const violations = await seriousViolations(page);
	expect(violations, `${state}:\n${violations.join('\n')}`).toEqual([]);
}

/**
 * Waits until the page has settled as a visitor would meet it: the islands that load at once
 * have hydrated and no part still says it is loading.
 */
export async function settled(page: Page): Promise<void> {
	await expect(page.locator('astro-island[client="load"][ssr]')).toHaveCount(0);
	await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Opens `path`, lets it settle and expects no serious or critical findings. */
export async function expectAccessibleAt(page: Page, path: string): Promise<void> {
	await page.goto(path);
	await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
	await settled(page);
	await expectAccessible(page, path);
}

/**
 * Waits for the animations of `element` and what it holds to end (a drawer, a toast, a dialog
 * fading in); a spinner's endless turning is not waited for.
 */
export async function animationsDone(element: Locator): Promise<void> {
	await element.evaluate((node) =>
		Promise.all(
			node
				.getAnimations({ subtree: true })
				.filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
				.map((animation) => animation.finished),
		),
	);
}
