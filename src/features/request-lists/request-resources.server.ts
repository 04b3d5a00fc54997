import type { IslandResources } from '~/lib/i18n/island';
import type { Locale } from '~/lib/i18n/locales';
import { islandResources, islandResourcesOnce } from '~/server/i18n';

// Each composed once per language (`islandResourcesOnce`), so each island has one translator.

/** The texts an item's requests page gives its list (`ItemRequests`). */
export function itemRequestsResources(locale: Locale): IslandResources {
	return islandResourcesOnce(locale, 'item-requests', () =>
		islandResources(locale, ['itemRequests', 'requests', 'item', 'orders', 'common', 'blocks']),
	);
}

/** The texts `/my-requests` gives the receiver's list (`MyRequests`). */
export function myRequestsResources(locale: Locale): IslandResources {
	return islandResourcesOnce(locale, 'my-requests', () =>
		islandResources(locale, ['myRequests', 'requests', 'orders', 'common', 'blocks']),
	);
}
