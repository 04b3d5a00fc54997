import { describe, expect, it } from 'vitest';
import type { IslandResources } from '~/lib/i18n/island';
import { composedIslandTexts } from '~/lib/i18n/island-texts';
import { allResources, islandResources, islandTexts, islandTextsAt } from './i18n';

const tableTexts = islandTexts('test-table', (locale) => islandResources(locale, ['impact']));
const cardTexts = islandTexts(
	'test-card',
	(locale, variant): IslandResources =>
		variant === 'short'
			? ({ common: { error: allResources[locale].common.error } } as IslandResources)
			: { common: allResources[locale].common },
	['short', 'long'],
);

describe('island texts by address', () => {
	it('names the language, the island, the variant and the hash of the texts', () => {
		const { href } = tableTexts('en');
		expect(href).toMatch(/^\/texts\/en\/test-table\.[\w-]{12}\.json$/);
		expect(cardTexts('id', 'short').href).toMatch(
			/^\/texts\/id\/test-card~short\.[\w-]{12}\.json$/,
		);
		// The same texts keep their address; other texts get another.
		expect(tableTexts('en').href).toBe(href);
		expect(tableTexts('id').href).not.toBe(href);
		expect(cardTexts('id', 'long').href).not.toBe(cardTexts('id', 'short').href);
	});

	it('answers an address with the JSON of its texts, which the server renders with too', () => {
		const { href } = cardTexts('en', 'short');
		expect(JSON.parse(islandTextsAt(href)!)).toEqual({
			common: { error: allResources.en.common.error },
		});
		expect(composedIslandTexts(href)).toEqual({ common: { error: allResources.en.common.error } });
	});

	it('answers no other address: another hash, variant, island or language, or a path outside', () => {
		const { href } = cardTexts('en', 'short');
		const hash = href.slice(-17, -5);
		for (const other of [
			href.replace(hash, 'AAAAAAAAAAAA'),
			href.replace('~short', '~medium'),
			href.replace('~short', ''),
			href.replace('test-card', 'no-such-island'),
			href.replace('/en/', '/fr/'),
			href.replace('/texts/', '/texts/../'),
			`${href}x`,
		]) {
			expect(islandTextsAt(other), other).toBeUndefined();
		}
	});
});
