import { defineMiddleware } from 'astro:middleware';
import { sessionCookieName } from '~/server/auth/cookies';
import { findUserForRequest } from '~/server/auth/current-user';
import { getServerContext } from '~/server/context';

/** Server-rendered pages learn who is signed in; prerendered pages and the API do not need it. */
export const onRequest = defineMiddleware(async (context, next) => {
	context.locals.user = null;
	if (context.isPrerendered || context.url.pathname.startsWith('/api/')) return next();
	// A path or query with NUL (`%00`) names no page, and no text in the database can hold it.
	if (/%00/i.test(context.url.href)) return context.rewrite('/404');
	const server = await getServerContext();
	context.locals.user = await findUserForRequest(server, {
		sessionToken: context.cookies.get(sessionCookieName(server.config))?.value,
		authorization: undefined,
	});
	return next();
});
