import { islandResources, islandTexts } from '~/server/i18n';

/** The texts the rankings page gives its table (`RankingsTable`), composed once per language. */
export const rankingsTableResources = islandTexts('rankings-table', (locale) =>
	islandResources(locale, ['impact']),
);
