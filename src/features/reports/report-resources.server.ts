import type { IslandResources } from '~/lib/i18n/island';

import { islandResources, islandTexts } from '~/server/i18n';

/**
 * The texts item pages and public profiles give the report button (`ReportButton`): the
 * `reports` namespace and the generic error, composed once per language.
 */
export const reportButtonResources = islandTexts('report-button', (locale) => {
	const { reports, common } = islandResources(locale, ['reports', 'common']);
	return { reports, common: { error: common.error } } as IslandResources;
});
