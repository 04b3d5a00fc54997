import type { IslandResources } from '~/lib/i18n/island';

import { islandResources, islandTexts } from '~/server/i18n';

/**
 * The texts the moderation desk gives each target's actions (`ModerationActions`): the desk's,
 * the report reasons and the generic error, composed once per language.
 */
export const moderationActionsResources = islandTexts('moderation-actions', (locale) => {
	const { common, ...namespaces } = islandResources(locale, ['moderation', 'reports', 'common']);
	return { ...namespaces, common: { error: common.error } } as IslandResources;
});
