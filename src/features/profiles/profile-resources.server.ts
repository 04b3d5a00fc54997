import type { IslandResources } from '~/lib/i18n/island';
import type { Locale } from '~/lib/i18n/locales';
import { islandResources, islandResourcesOnce } from '~/server/i18n';

/**
 * The texts the complete- and edit-profile pages give the profile form and the identity
 * verification card (`ProfileForm`, `IdentityVerificationCard`), composed once per language.
 */
export function profileFormResources(locale: Locale): IslandResources {
	return islandResourcesOnce(locale, 'profile-form', () =>
		islandResources(locale, ['profile', 'form']),
	);
}
