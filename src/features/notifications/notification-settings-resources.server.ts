import type { IslandResources } from '~/lib/i18n/island';
import type { Locale } from '~/lib/i18n/locales';
import { islandResources, islandTexts } from '~/server/i18n';

/**
 * The texts `/settings/notifications` gives its island: of the notifications namespace only the
 * settings and push on this device, not the bell's texts.
 */
export const notificationSettingsResources = islandTexts('notification-settings', (locale) => {
	const { notifications } = islandResources(locale, ['notifications']);
	return {
		notifications: { settings: notifications.settings, push: notifications.push },
	} as IslandResources;
});

/**
 * The texts of the prompt to turn push on, for the islands that may show it after a first
 * request or listing (it loads only then; its texts are a few lines of the page's).
 */
export function pushOfferResources(locale: Locale): IslandResources {
	const { notifications } = islandResources(locale, ['notifications']);
	return {
		notifications: { pushOffer: notifications.pushOffer, push: notifications.push },
	} as IslandResources;
}
