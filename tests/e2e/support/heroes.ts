/** Shared by the heroes and support journeys: their texts, the seeded-run guard and axe. */
import AxeBuilder from '@axe-core/playwright';
import { type Page, test } from '@playwright/test';
import enImpact from '../../../locales/en/impact.json' with { type: 'json' };
import idImpact from '../../../locales/id/impact.json' with { type: 'json' };
import enProfile from '../../../locales/en/profile.json' with { type: 'json' };
import idProfile from '../../../locales/id/profile.json' with { type: 'json' };
import { type Locale, translations } from './i18n';

/** Every namespace these journeys read, per locale. */
export const heroTexts = {
	id: { ...translations.id, impact: idImpact, profile: idProfile },
	en: { ...translations.en, impact: enImpact, profile: enProfile },
} satisfies Record<Locale, unknown>;

/**
 * These journeys expect the data of the seeded servers (projects `seeded-full` and
 * `seeded-sparse`); in another project (an empty database) they are skipped rather than failed.
 */
export function requireSeededServer(): void {
	test.beforeEach(async ({ baseURL }, testInfo) => {
		test.skip(
			!testInfo.project.name.startsWith('seeded-'),
			`needs the seeded servers of the seeded-full and seeded-sparse projects, not ${baseURL}`,
		);
	});
}

/** How the site shows money: `Rp 25.000` with a no-break space. */
export const rupiah = (amount: number) =>
	new Intl.NumberFormat('id-ID', {
		style: 'currency',
		currency: 'IDR',
		maximumFractionDigits: 0,
	}).format(amount);

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
