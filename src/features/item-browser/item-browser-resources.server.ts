import { islandResources, islandTexts } from '~/server/i18n';

/**
 * The texts `/items` gives its list (`ItemBrowser`), composed once per language.
 */
export const itemBrowserResources = islandTexts('item-browser', (locale) =>
	islandResources(locale, ['items', 'item', 'common', 'places', 'savedSearches']),
);
