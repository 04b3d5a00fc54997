import type { IslandResources } from '~/lib/i18n/island';
import type { Locale } from '~/lib/i18n/locales';
import { islandResources, islandResourcesOnce } from '~/server/i18n';

/**
 * The texts the own profile gives the account deletion (`DeleteAccount`), composed once per
 * language.
 */
export function deleteAccountResources(locale: Locale): IslandResources {
	return islandResourcesOnce(locale, 'delete-account', () => islandResources(locale, ['account']));
}
