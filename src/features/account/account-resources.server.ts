import type { IslandResources } from '~/lib/i18n/island';

import { islandResources, islandTexts } from '~/server/i18n';

/**
 * The texts the account deletion (`DeleteAccount`) needs, composed once per language: the
 * `account` texts without those of the data page, which the server renders alone.
 */
export const deleteAccountResources = islandTexts('delete-account', (locale) => {
	const {
		data: _pageOnly,
		rankings: _switchOnly,
		rights: _rightsLinks,
		...account
	} = islandResources(locale, ['account']).account;
	return { account } as IslandResources;
});

/** The texts of the rankings switch (`RankingsChoice`), composed once per language. */
export const rankingsChoiceResources = islandTexts('rankings-choice', (locale) => {
	const { rankings } = islandResources(locale, ['account']).account;
	return { account: { rankings } } as IslandResources;
});
