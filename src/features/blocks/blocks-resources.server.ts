import type { IslandResources } from '~/lib/i18n/island';
import type { Locale } from '~/lib/i18n/locales';
import { islandResources, islandResourcesOnce } from '~/server/i18n';

/**
 * The texts the own profile gives the blocked list (`BlockedList`): the `blocks` namespace and
 * the generic error, composed once per language.
 */
export function blockedListResources(locale: Locale): IslandResources {
	return islandResourcesOnce(locale, 'blocked-list', () => {
		const { blocks, common } = islandResources(locale, ['blocks', 'common']);
		return { blocks, common: { error: common.error } } as IslandResources;
	});
}
