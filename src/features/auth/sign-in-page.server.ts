import type { AstroGlobal } from 'astro';
import { localeOfPath, localizePath } from '~/lib/i18n/locales';
import { safeRedirectTarget } from '~/lib/redirect-target';
import { seenCookie } from '~/server/auth/seen-cookie';
import { startSignIn } from '~/server/auth/sign-in-flow';
import type { ServerContext } from '~/server/context';

/**
 * `/login` and `/register`: signed-in visitors go straight to their target; visitors sent
 * here by a guard first see why (on the sign-in prompt when this browser has signed in before,
 * wherever the guard was, in a page or in the browser); everyone else goes on to the identity
 * provider.
 */
export async function signInPageResponse(
	server: ServerContext,
	Astro: AstroGlobal,
	mode: 'login' | 'register',
): Promise<{ response: Response } | { prompt: { redirectTo: string } }> {
	const locale = localeOfPath(Astro.url.pathname);
	const redirectTo = safeRedirectTarget(
		Astro.url.searchParams.get('redirectTo'),
		localizePath('/', locale),
	);
	if (Astro.locals.user) return { response: Astro.redirect(redirectTo) };
	const sentByGuard = Astro.url.searchParams.get('reason') === 'loginRequired';
	if (sentByGuard && !Astro.url.searchParams.has('continue')) {
		if (mode === 'register' && Astro.cookies.get(seenCookie)?.value === '1') {
			return {
				response: Astro.redirect(`${localizePath('/login', locale)}${Astro.url.search}`),
			};
		}
		return { prompt: { redirectTo } };
	}
	return { response: await startSignIn(server, Astro, mode) };
}
