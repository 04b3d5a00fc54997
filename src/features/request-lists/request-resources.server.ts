import { islandResources, islandTexts } from '~/server/i18n';

// Each composed once per language, so each island has one translator.

/** The texts an item's requests page gives its list (`ItemRequests`). */
export const itemRequestsResources = islandTexts('item-requests', (locale) =>
	islandResources(locale, [
		'itemRequests',
		'requests',
		'pickup',
		'item',
		'orders',
		'common',
		'blocks',
	]),
);

/** The texts `/my-requests` gives the receiver's list (`MyRequests`). */
export const myRequestsResources = islandTexts('my-requests', (locale) =>
	islandResources(locale, [
		'myRequests',
		'requests',
		'pickup',
		'orders',
		'common',
		'blocks',
		'thanks',
	]),
);
