import type { IslandResources } from '~/lib/i18n/island';

import { islandResources, islandTexts } from '~/server/i18n';

/**
 * The texts of the blocked list (`BlockedList`, own profile) and of a public profile's block
 * button (`PersonBlockButton`): the `blocks` namespace and the generic error, composed once per
 * language.
 */
export const blocksResources = islandTexts('blocked-list', (locale) => {
	const { blocks, common } = islandResources(locale, ['blocks', 'common']);
	return { blocks, common: { error: common.error } } as IslandResources;
});
