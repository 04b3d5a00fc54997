import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Locale } from '~/lib/i18n/locales';
import { useTranslations } from '~/server/i18n';
import type { HeroEntry } from './heroes';
import { RankingRow } from './RankingRow';

const entry: HeroEntry = {
	rank: 1,
	userId: 'siti',
	totalDonations: 4,
	impactScore: 52,
	kgDonated: 12,
	lastDonatedAt: '2026-10-19T05:00:00Z',
	user: { name: 'Siti', avatar: null },
	badges: [],
};

/** A ranking row's text, as the page in `locale` shows it. */
function rowText(locale: Locale): string {
	const row = createElement(RankingRow, {
		t: useTranslations(locale),
		locale,
		entry,
		rank: 1,
		sort: 'impact',
		profileHref: '/profile/siti',
	});
	return renderToStaticMarkup(createElement('table', null, createElement('tbody', null, row)))
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/g, ' ');
}

describe('RankingRow', () => {
	it('writes the last gift in the page language', () => {
		expect(rowText('id')).toContain('19 Okt 2026');
		expect(rowText('id')).toContain('19 Oktober 2026');
		expect(rowText('en')).toContain('19 Oct 2026');
		expect(rowText('en')).toContain('19 October 2026');
	});
});
