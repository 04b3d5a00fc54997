import type { AstroGlobal } from 'astro';
import { hasCurrentConsent } from '~/lib/consent';
import { isProfileComplete } from '~/lib/profile-completeness';
import { type UserRow } from '~/server/auth/users';
import { localeOfPath, localizePath } from '~/lib/i18n/locales';
import { withRedirect } from '~/lib/redirect-target';
import { seenCookie } from './seen-cookie';

export type PageAccess = 'signedIn' | 'completeProfile' | 'incompleteProfile';

/**
 * Server-side guard of a protected page: a redirect `Response` when the visitor may not see
 * it, else the signed-in user. A page beyond `signedIn` first asks for consent (`/consent`) from
 * someone who has not accepted the documents in force. Runs before any HTML is sent. A signed-out visitor is asked to
 * sign up, or to sign in when this browser has signed in before (`seenCookie`).
 */
export function guardPage(Astro: AstroGlobal, access: PageAccess): Response | UserRow {
	const user = Astro.locals.user;
	const locale = localeOfPath(Astro.url.pathname);
	const here = `${Astro.url.pathname}${Astro.url.search}`;
	if (!user) {
		const prompt = Astro.cookies.get(seenCookie)?.value === '1' ? '/login' : '/register';
		return Astro.redirect(withRedirect(localizePath(prompt, locale), here, 'loginRequired'));
	}
	// Giving or editing a phone number and an address, and everything that needs them, waits until
	// the person has accepted the terms and the privacy policy in force.
	if (access !== 'signedIn' && !hasCurrentConsent(user)) {
		return Astro.redirect(withRedirect(localizePath('/consent', locale), here));
	}
	const complete = isProfileComplete(user);
	if (access === 'completeProfile' && !complete) {
		return Astro.redirect(
			withRedirect(localizePath('/complete-profile', locale), here, 'completeProfileFirst'),
		);
	}
	if (access === 'incompleteProfile' && complete) return Astro.redirect(localizePath('/', locale));
	return user;
}
