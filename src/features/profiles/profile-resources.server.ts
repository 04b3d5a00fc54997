import { islandResources, islandTexts } from '~/server/i18n';

/**
 * The texts the complete- and edit-profile pages give the profile form and the identity
 * verification card (`ProfileForm`, `IdentityVerificationCard`), composed once per language.
 */
export const profileFormResources = islandTexts('profile-form', (locale) =>
	islandResources(locale, ['profile', 'form']),
);
