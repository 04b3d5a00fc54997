import type { IslandResources } from '~/lib/i18n/island';
import type { Locale } from '~/lib/i18n/locales';
import { islandResources, islandResourcesOnce } from '~/server/i18n';

/**
 * The texts `/items` gives its list (`ItemBrowser`), composed once per language
 * (`islandResourcesOnce`), so the island has one translator.
 */
export function itemBrowserResources(locale: Locale): IslandResources {
	return islandResourcesOnce(locale, 'item-browser', () =>
		islandResources(locale, ['items', 'item', 'common', 'places', 'savedSearches']),
	);
}
