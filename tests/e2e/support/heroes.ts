/** Shared by the journeys on the seeded servers: their texts and the seeded-run guard. */
import { test } from '@playwright/test';
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
