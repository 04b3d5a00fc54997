import type { IslandResources } from '~/lib/i18n/island';
import type { Locale } from '~/lib/i18n/locales';
import { pushOfferResources } from '~/features/notifications/notification-settings-resources.server';
import { islandResources, islandResourcesOnce } from '~/server/i18n';

// Each composed once per language (`islandResourcesOnce`), so each island has one translator.

/**
 * The texts `/my-items` gives its list (`MyItems`): of the requests page's, only the counts; and
 * the prompt to turn push on, shown there after listing an item.
 */
export function myItemsResources(locale: Locale): IslandResources {
	return islandResourcesOnce(locale, 'my-items', () => {
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
}

/** The texts the add and edit pages give the item form (`ItemForm`); `profile` for the district. */
export function itemFormResources(locale: Locale): IslandResources {
	return islandResourcesOnce(locale, 'item-form', () =>
		islandResources(locale, ['itemForm', 'item', 'form', 'profile']),
	);
}
