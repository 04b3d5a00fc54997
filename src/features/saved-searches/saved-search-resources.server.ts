import type { IslandResources } from '~/lib/i18n/island';
import type { Locale } from '~/lib/i18n/locales';
import { islandResources, islandResourcesOnce } from '~/server/i18n';

/** The texts `/saved-searches` gives its list (`SavedSearchList`), composed once per language. */
export function savedSearchListResources(locale: Locale): IslandResources {
	return islandResourcesOnce(locale, 'saved-search-list', () =>
		islandResources(locale, ['savedSearches', 'common']),
	);
}
