import type { IslandResources } from '~/lib/i18n/island';
import type { Locale } from '~/lib/i18n/locales';
import { islandResources, islandResourcesOnce } from '~/server/i18n';

/** The texts the rankings page gives its table (`RankingsTable`), composed once per language. */
export function rankingsTableResources(locale: Locale): IslandResources {
	return islandResourcesOnce(locale, 'rankings-table', () => islandResources(locale, ['impact']));
}
