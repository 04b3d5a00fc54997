import { unlocalizedPath } from '~/lib/i18n/locales';

/** Pages where the incomplete-profile banner never shows. */
const pagesWithoutBanner = new Set(['/complete-profile', '/login', '/register']);

/** What the page knows about the visitor's profile. */
export type ProfileState =
	| { signedIn: false }
	| { signedIn: true; loaded: false }
	| { signedIn: true; loaded: true; isComplete: boolean };

/**
 * The amber banner shows on every page but completion, login and register, once a signed-in
 * visitor's profile has loaded and is incomplete.
 */
export function shouldShowProfileBanner(pathname: string, profile: ProfileState): boolean {
	if (pagesWithoutBanner.has(unlocalizedPath(pathname))) return false;
	return profile.signedIn && profile.loaded && !profile.isComplete;
}
