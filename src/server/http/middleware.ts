import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { routePath } from 'hono/route';
import { negotiateLocale } from '~/lib/i18n/negotiate';
import { useTranslations } from '~/server/i18n';
import { invalidCharacterMessage, isStorableText } from '~/lib/text-fields';
import { namesBearer } from '~/server/auth/bearer';
import { sessionCookieName } from '~/server/auth/cookies';
import { findUserForRequest } from '~/server/auth/current-user';
import { clientAddress, type ProxyTrust } from '~/server/client-address';
import type { ServerConfig } from '~/server/config';
import type { ServerContext } from '~/server/context';
import type { RateLimitResult, RateLimitRule } from '~/server/rate-limit';
import { isCrossSiteWrite } from '~/server/site-origin';
import { requestIdOf } from '../log';
import { AppError } from './errors';
import type { AppEnv } from './types';

/** A request id for logs and error bodies, and the language of the answer. */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
	const requestId = requestIdOf(c.req.header('X-Request-Id'));
	const locale = negotiateLocale(c.req.header('Accept-Language'));
	c.set('requestId', requestId);
	c.set('locale', locale);
	c.set('t', useTranslations(locale));
	c.header('X-Request-Id', requestId);
	c.header('Cache-Control', 'no-store');
	await next();
};

/**
 * Refuses a path or query holding the NUL character (sent as `%00`) before any route reads it:
 * no text in the database can hold it, so it is invalid input, named by its parameter.
 */
export const refuseUnstorableUrl: MiddlewareHandler<AppEnv> = async (c, next) => {
	// A URL carries NUL only percent-encoded: most requests are let through on this one look.
	if (!/%00/i.test(c.req.url)) return next();
	const url = new URL(c.req.url);
	const fields: Record<string, string> = {};
	// The route's pattern names each segment of the path: `/api/profile/:userId`.
	const pattern = routePath(c, -1).split('/');
	for (const [index, segment] of url.pathname.split('/').entries()) {
		if (!/%00/i.test(segment)) continue;
		const param = /^:(\w+)/.exec(pattern[index] ?? '')?.[1];
		fields[param ?? 'path'] = invalidCharacterMessage;
	}
	for (const [name, value] of url.searchParams) {
		if (!isStorableText(name) || !isStorableText(value)) {
			fields[name.replaceAll('\u0000', '') || 'query'] = invalidCharacterMessage;
		}
	}
	throw new AppError('VALIDATION_ERROR', fields);
};

/**
 * Writes other sites make on purpose: the payment provider's notifications, which use no session
 * and are trusted only for their signature.
 */
const crossSiteWritePaths = ['/api/payments/midtrans/notification'];

/**
 * Refuses state-changing requests that a browser sent from another origin. Requests that name a
 * bearer token are that token's or refused (`authenticate`), never the session cookie's, so they
 * carry no ambient credentials and are not at risk.
 */
export function sameOriginWrites(config: ServerConfig): MiddlewareHandler<AppEnv> {
	return async (c, next) => {
		if (namesBearer(c.req.header('Authorization'))) return next();
		if (crossSiteWritePaths.includes(c.req.path)) return next();
		if (isCrossSiteWrite(c.req.raw, config, { originRequired: false })) {
			throw new AppError('FORBIDDEN');
		}
		return next();
	};
}

/**
 * Puts the caller (session cookie or bearer token) on the request, or `null`. A bearer token
 * that does not check out is refused with 401, whatever the route.
 */
export function authenticate(server: ServerContext): MiddlewareHandler<AppEnv> {
	return async (c, next) => {
		const authorization = c.req.header('Authorization');
		const user = await findUserForRequest(server, {
			sessionToken: getCookie(c, sessionCookieName(server.config)),
			authorization,
		});
		if (!user && namesBearer(authorization)) throw new AppError('UNAUTHORIZED');
		c.set('user', user);
		await next();
	};
}

/** The largest body a route reads unless it takes photos and sets its own limit. */
export const defaultBodyMaxBytes = 1024 * 1024;

/** Methods whose requests carry no body: their `Request` is made without one. */
const bodiless = new Set(['GET', 'HEAD']);

/**
 * Refuses a body over `defaultBodyMaxBytes` with 413 before reading it: at once when its
 * `Content-Length` says so, else as soon as that many bytes have come. Routes for which
 * `ownLimit` is true (those that take photos) set a larger limit of their own. A GET or HEAD
 * request passes untouched: asking for its body would make the server build the whole
 * `Request` it otherwise makes only when a route reads one, a fifth of a cheap read's CPU.
 */
export function limitBodies(
	ownLimit: (method: string, path: string) => boolean,
): MiddlewareHandler<AppEnv> {
	const limit = bodyLimit({
		maxSize: defaultBodyMaxBytes,
		onError: () => {
			throw new AppError('BODY_TOO_LARGE');
		},
	});
	return (c, next) =>
		bodiless.has(c.req.method) || ownLimit(c.req.method, c.req.path) ? next() : limit(c, next);
}

/** Lets only signed-in callers through. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
	if (!c.get('user')) throw new AppError('UNAUTHORIZED');
	await next();
};

/** The address the request came from, as `clientAddress` reads it. */
export function requestAddress(c: Context<AppEnv>, config: ProxyTrust): string | undefined {
	const socketAddress = (c.env as { clientAddress?: string } | undefined)?.clientAddress;
	return clientAddress(c.req.raw.headers, socketAddress, config);
}

/** The caller's key for rate limits: their user id when signed in, else their address. */
export function callerKey(c: Context<AppEnv>, config: ProxyTrust): string {
	const user = c.get('user');
	return user ? `user:${user.id}` : `ip:${requestAddress(c, config) ?? 'unknown'}`;
}

/** Counts the request against `rule` and answers 429 with `Retry-After` past the limit. */
export function rateLimit(
	server: ServerContext,
	name: string,
	rule: RateLimitRule,
): MiddlewareHandler<AppEnv> {
	return async (c, next) => {
		const result = await server.rateLimiter.hit(`${name}:${callerKey(c, server.config)}`, rule);
		if (!result.allowed) throw new AppError('RATE_LIMITED', undefined, result.retryAfterSeconds);
		await next();
	};
}

/**
 * `rateLimit` for a route whose handler writes in one database transaction. With the counters in
 * that database, the handler counts the hit as one more statement of its transaction
 * (`countHitWithin`), sparing each call a round trip of its own; past the limit the transaction
 * is rolled back, so nothing is stored, and the answer is the same 429. A request answered before
 * its transaction (an invalid body) is counted once answered, and turned into the 429 past the
 * limit, as `rateLimit` would have answered it.
 */
export function rateLimitInTransaction(
	server: ServerContext,
	name: string,
	rule: RateLimitRule,
): MiddlewareHandler<AppEnv> {
	const { rateLimiter } = server;
	const hitWithin = rateLimiter.hitWithin?.bind(rateLimiter);
	if (!hitWithin) return rateLimit(server, name, rule);
	const refuseOver = (result: RateLimitResult) => {
		if (!result.allowed) throw new AppError('RATE_LIMITED', undefined, result.retryAfterSeconds);
	};
	return async (c, next) => {
		const key = `${name}:${callerKey(c, server.config)}`;
		let counted = false;
		c.set('countHitWithin', async (transaction) => {
			const result = await hitWithin(transaction, key, rule);
			counted = true;
			refuseOver(result);
		});
		await next();
		if (!counted) refuseOver(await rateLimiter.hit(key, rule));
	};
}
