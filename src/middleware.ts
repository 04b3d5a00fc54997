import { defineMiddleware } from 'astro:middleware';
import { localeOfPath } from '~/lib/i18n/locales';
import { useTranslations } from '~/server/i18n';
import { sessionCookieName } from '~/server/auth/cookies';
import { builtOrigin } from '~/server/config';
import { findUserForRequest } from '~/server/auth/current-user';
import { getServerContext } from '~/app/context';
import { isModerator } from '~/features/moderation/moderators.server';
import { isUnsubscribePost } from '~/features/notifications/mail/unsubscribe-link';
import { isCrossSiteWrite } from '~/server/site-origin';
import { framePolicy } from '~/lib/content-security';
import { answerPublicPage, processPageCache } from '~/app/page-cache';
import { privatePageCacheControl } from '~/server/http/page-cache';
import { isShareTargetPath } from '~/features/web-app/web-app';

/**
 * Server-rendered pages refuse form posts from other sites and learn who is signed in;
 * prerendered pages and the API do neither here. A page rendered for a signed-in visitor is
 * theirs alone: no cache keeps it; a signed-out visitor's may be answered from the page cache.
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
	// The share sheet's post comes from the system, not a page of the site; its action stores
	// nothing and only opens the listing form. A mail client's one-click unsubscribe carries no
	// origin: its signed link is its credential.
	if (
		!isShareTargetPath(context.url.pathname) &&
		!isUnsubscribePost(context.request.method, context.url.pathname) &&
		isCrossSiteWrite(context.request, server.config, { originRequired: true })
	) {
		const t = useTranslations(localeOfPath(context.url.pathname));
		return new Response(t('errors.FORBIDDEN'), {
			status: 403,
			headers: { 'Content-Type': 'text/plain; charset=utf-8' },
		});
	}
	const render = async () => {
		const response = withFramePolicy(await next());
		// Astro adds a page's cookies after this; a page that sets one is never shared.
		if (!context.cookies.headers().next().done) {
			response.headers.set('Cache-Control', privatePageCacheControl);
		}
		return response;
	};
	const sessionToken = context.cookies.get(sessionCookieName(server.config))?.value;
	// Signed out: the version-keyed ETag and page cache (decision 031).
	if (!sessionToken) {
		return answerPublicPage(
			{ db: server.db, cache: processPageCache, buildId: __BUILD_ID__ },
			context.request,
			render,
			context.locals.pageVersion,
		);
	}
	context.locals.user = await findUserForRequest(server, {
		sessionToken,
		authorization: undefined,
	});
	context.locals.isModerator = isModerator(context.locals.user, server.config);
	const response = await render();
	// With a session cookie, even an expired one, the page is no one else's and no cache's.
	// An answer that names its own caching keeps it: photos are the same for everyone.
	if (!response.headers.has('Cache-Control')) {
		response.headers.set('Cache-Control', privatePageCacheControl);
	}
	return response;
});

/** Astro's policy for the page replaces the server's; framing stays forbidden in it. */
function withFramePolicy(response: Response): Response {
	const policy = response.headers.get('Content-Security-Policy');
	if (policy && !policy.includes('frame-ancestors')) {
		response.headers.set('Content-Security-Policy', `${policy} ${framePolicy};`);
	}
	return response;
}
