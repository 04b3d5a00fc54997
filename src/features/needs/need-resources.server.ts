import { islandResources, islandTexts } from '~/server/i18n';

/** The texts of the need form (`NeedForm`): `item` and `itemForm` for the category and money warning, `profile` for the district. */
export const needFormResources = islandTexts('need-form', (locale) =>
	islandResources(locale, ['needs', 'item', 'itemForm', 'form', 'profile', 'common']),
);

/**
 * The texts of the need page's panels: the owner's (`NeedOwnerPanel`, with `blocks` for blocking
 * a donor) and a donor's (`OfferPanel`).
 */
export const needPanelResources = islandTexts('need-panel', (locale) =>
	islandResources(locale, ['needs', 'blocks', 'common']),
);
