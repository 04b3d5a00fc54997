import { defineMiddleware } from 'astro:middleware';
import { localeOfPath } from '~/lib/i18n/locales';
import { useTranslations } from '~/server/i18n';
import { sessionCookieName } from '~/server/auth/cookies';
import { builtOrigin } from '~/server/config';
import { findUserForRequest } from '~/server/auth/current-user';
import { getServerContext } from '~/app/context';
import { isModerator } from '~/features/moderation/moderators.server';
import { isCrossSiteWrite } from '~/server/site-origin';
import { framePolicy } from '~/lib/content-security';

/**
 * Server-rendered pages refuse form posts from other sites and learn who is signed in;
 * prerendered pages and the API do neither here. A page rendered for a signed-in visitor is
 * theirs alone: no shared cache keeps it.
 */
export const onRequest = defineMiddleware(async (context, next) => {
	context.locals.user = null;
	context.locals.isModerator = false;
	context.locals.useTranslations = useTranslations;
	// Prerendered pages are written with the build's origin; the server moves their links as it
	// serves them (src/server/prerendered-pages.ts).
	context.locals.origin = builtOrigin;
	if (context.isPrerendered || context.url.pathname.startsWith('/api/')) return next();
	// A path or query with NUL (`%00`) names no page, and no text in the database can hold it.
	if (/%00/i.test(context.url.href)) return context.rewrite('/404');
	const server = await getServerContext();
	context.locals.origin = server.config.publicUrl;
	// Astro's own check compares with the address it was built for; the site's is read at run time.
	if (isCrossSiteWrite(context.request, server.config, { originRequired: true })) {
		const t = useTranslations(localeOfPath(context.url.pathname));
		return new Response(t('errors.FORBIDDEN'), {
			status: 403,
			headers: { 'Content-Type': 'text/plain; charset=utf-8' },
		});
	}
	context.locals.user = await findUserForRequest(server, {
		sessionToken: context.cookies.get(sessionCookieName(server.config))?.value,
		authorization: undefined,
	});
	context.locals.isModerator = isModerator(context.locals.user, server.config);
	const response = await next();
	// Astro's policy for the page replaces the server's; framing stays forbidden in it.
	const policy = response.headers.get('Content-Security-Policy');
	if (policy && !policy.includes('frame-ancestors')) {
		response.headers.set('Content-Security-Policy', `${policy} ${framePolicy};`);
	}
	// An answer that names its own caching keeps it: photos are the same for everyone.
	if (context.locals.user && !response.headers.has('Cache-Control')) {
		response.headers.set('Cache-Control', 'private, no-store');
	}
	return response;
});
