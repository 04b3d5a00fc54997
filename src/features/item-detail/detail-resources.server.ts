import type { IslandResources } from '~/lib/i18n/island';
import type { IslandTexts } from '~/lib/i18n/island-texts';
import type { Locale } from '~/lib/i18n/locales';
import { pushOfferResources } from '~/features/notifications/notification-settings-resources.server';
import { islandResources, islandTexts } from '~/server/i18n';
import type { DonorMessages } from './contact';

/**
 * The WhatsApp message templates of `language`, the donor's: a receiver writes to the donor in
 * the language the donor uses the site in, whatever the page's. None when it is the page's
 * language (`pageLanguage`): the island's own texts hold those templates, and every page a
 * signed-out visitor sees is such a page.
 */
export function donorMessages(language: Locale, pageLanguage: Locale): DonorMessages | null {
	if (language === pageLanguage) return null;
	const texts = islandResources(language, ['itemDetail']).itemDetail.whatsapp;
	const plural = (key: 'message' | 'messageAll' | 'waitingListMessage') => ({
		one: texts[`${key}_one`],
		other: texts[`${key}_other`],
	});
	return {
		language,
		message: plural('message'),
		messageAll: plural('messageAll'),
		waitingListMessage: plural('waitingListMessage'),
	};
}

/** Who views an item's page, as its texts depend on it: its donor, and whether the courier form may open. */
type DetailVariant = `${'own' | 'other'}-${'courier' | 'pickup'}`;

/**
 * The item page's detail island's texts: of the sign-in and profile texts only the contact flow's
 * two prompts (and the district field's for courier delivery), of the requests page's only the
 * donor's link to it, and of My items' only the status toggle's; for others, the prompt to turn
 * push on. Composed once per language and variant.
 */
const detailTexts = islandTexts<DetailVariant>(
	'item-detail',
	(locale, variant) => {
		const ownItem = variant.startsWith('own-');
		const courierForm = variant.endsWith('-courier');
		const { auth, profile, itemRequests, items, shipping, ...namespaces } = islandResources(
			locale,
			[
				'item',
				'itemDetail',
				'myRequests',
				'requests',
				'common',
				'auth',
				'profile',
				'itemRequests',
				'items',
				'shipping',
			],
		);
		return {
			...namespaces,
			auth: { loginRequired: auth.loginRequired },
			profile: {
				completeProfileFirst: profile.completeProfileFirst,
				...(courierForm && { fields: profile.fields }),
			},
			...(ownItem && {
				itemRequests: { summary: { see: itemRequests.summary.see } },
				// The dialog that asks before the item is marked donated, and the one-tap renewal.
				items: { toggle: items.toggle, freshness: items.freshness },
			}),
			// Asked after a first request, which the donor never makes of their own item.
			...(!ownItem && pushOfferResources(locale)),
			...(courierForm && { shipping }),
		} as IslandResources;
	},
	['own-courier', 'own-pickup', 'other-courier', 'other-pickup'],
);

/**
 * The detail island's texts for a viewer.
 * @param ownItem the viewer is the item's donor
 * @param courierForm the courier form may open for this viewer
 */
export function itemDetailResources(
	locale: Locale,
	{ ownItem, courierForm }: { ownItem: boolean; courierForm: boolean },
): IslandTexts {
	return detailTexts(locale, `${ownItem ? 'own' : 'other'}-${courierForm ? 'courier' : 'pickup'}`);
}
