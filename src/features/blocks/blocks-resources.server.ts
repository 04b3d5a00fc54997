import type { IslandResources } from '~/lib/i18n/island';
import type { Locale } from '~/lib/i18n/locales';
import { islandResources, islandResourcesOnce } from '~/server/i18n';

/**
 * The texts of the blocked list (`BlockedList`, own profile) and of a public profile's block
 * button (`PersonBlockButton`): the `blocks` namespace and the generic error, composed once per
 * language.
 */
export function blocksResources(locale: Locale): IslandResources {
	return islandResourcesOnce(locale, 'blocked-list', () => {
		const { blocks, common } = islandResources(locale, ['blocks', 'common']);
		return { blocks, common: { error: common.error } } as IslandResources;
	});
}
