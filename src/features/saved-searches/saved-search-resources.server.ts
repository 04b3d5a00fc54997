import { islandResources, islandTexts } from '~/server/i18n';

/** The texts `/saved-searches` gives its list (`SavedSearchList`), composed once per language. */
export const savedSearchListResources = islandTexts('saved-search-list', (locale) =>
	islandResources(locale, ['savedSearches', 'common']),
);
