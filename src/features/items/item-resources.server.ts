import type { IslandResources } from '~/lib/i18n/island';

import { pushOfferResources } from '~/features/notifications/notification-settings-resources.server';
import { islandResources, islandTexts } from '~/server/i18n';

// Each composed once per language, so each island has one translator.

/**
 * The texts `/my-items` gives its list (`MyItems`): of the requests page's, only the counts; and
 * the prompt to turn push on, shown there after listing an item.
 */
export const myItemsResources = islandTexts('my-items', (locale) => {
	const { itemRequests, ...namespaces } = islandResources(locale, [
		'items',
		'item',
		'common',
		'itemRequests',
	]);
	return {
		...namespaces,
		...pushOfferResources(locale),
		itemRequests: { summary: itemRequests.summary },
	} as IslandResources;
});

/** The texts the add and edit pages give the item form (`ItemForm`); `profile` for the district. */
export const itemFormResources = islandTexts('item-form', (locale) =>
	islandResources(locale, ['itemForm', 'item', 'form', 'profile']),
);
