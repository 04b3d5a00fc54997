import type { IslandResources } from '~/lib/i18n/island';
import type { Locale } from '~/lib/i18n/locales';
import { islandResources, islandResourcesOnce } from '~/server/i18n';

/**
 * The texts the account deletion (`DeleteAccount`) needs, composed once per language: the
 * `account` texts without those of the data page, which the server renders alone.
 */
export function deleteAccountResources(locale: Locale): IslandResources {
	return islandResourcesOnce(locale, 'delete-account', () => {
		const {
			data: _pageOnly,
			rankings: _switchOnly,
			rights: _rightsLinks,
			...account
		} = islandResources(locale, ['account']).account;
		return { account } as IslandResources;
	});
}

/** The texts of the rankings switch (`RankingsChoice`), composed once per language. */
export function rankingsChoiceResources(locale: Locale): IslandResources {
	return islandResourcesOnce(locale, 'rankings-choice', () => {
		const { rankings } = islandResources(locale, ['account']).account;
		return { account: { rankings } } as IslandResources;
	});
}
