import type { AstroGlobal } from 'astro';
import { localeOfPath, localizePath } from '~/lib/i18n/locales';
import { safeRedirectTarget } from '~/lib/redirect-target';
import { startSignIn } from '~/server/auth/sign-in-flow';
import type { ServerContext } from '~/server/context';

/**
 * `/login` and `/register`: signed-in visitors go straight to their target; visitors sent
 * here by a guard first see why; everyone else goes on to the identity provider.
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
	if (sentByGuard && !Astro.url.searchParams.has('continue')) return { prompt: { redirectTo } };
	return { response: await startSignIn(server, Astro, mode) };
}
