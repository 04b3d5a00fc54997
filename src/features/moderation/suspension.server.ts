import type { MiddlewareHandler } from 'hono';
import { AppError } from '~/server/http/errors';
import type { AppEnv } from '~/server/http/types';
import { isSuspended } from './moderation';

/**
 * Writes a suspended person may still make: reading their notifications and choosing the devices
 * that show them (hearing when the suspension ends), and the rights over their own data
 * (download, delete), which no suspension takes away.
 */
const allowedWhileSuspended = [
	/^\/api\/notifications\/read$/,
	/^\/api\/push\/subscriptions$/,
	/^\/api\/account(\/|$)/,
];

const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A suspended person can browse but not list, request, report or edit: every other write is
 * refused with `ACCOUNT_SUSPENDED`, before any route looks at it.
 */
export const refuseSuspendedWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
	const user = c.get('user');
	if (!user || reads.has(c.req.method) || !isSuspended(user)) return next();
	if (allowedWhileSuspended.some((pattern) => pattern.test(c.req.path))) return next();
	throw new AppError('ACCOUNT_SUSPENDED');
};
