import type { IslandResources } from '~/lib/i18n/island';
import type { Locale } from '~/lib/i18n/locales';
import { islandResources, islandResourcesOnce } from '~/server/i18n';

/**
 * The texts item pages and public profiles give the report button (`ReportButton`): the
 * `reports` namespace and the generic error, composed once per language.
 */
export function reportButtonResources(locale: Locale): IslandResources {
	return islandResourcesOnce(locale, 'report-button', () => {
		const { reports, common } = islandResources(locale, ['reports', 'common']);
		return { reports, common: { error: common.error } } as IslandResources;
	});
}
