import type { MiddlewareHandler } from 'hono';
import type { UserRow } from '~/server/auth/users';
import type { ServerConfig } from '~/server/config';
import { AppError } from '~/server/http/errors';
import type { AppEnv } from '~/server/http/types';

/** A moderator: the role in the database, or an email listed in `MODERATOR_EMAILS`. */
export function isModerator(
	user: Pick<UserRow, 'role' | 'email'> | null | undefined,
	config: Pick<ServerConfig, 'moderatorEmails'>,
): boolean {
	if (!user) return false;
	if (user.role === 'moderator') return true;
	return Boolean(user.email && config.moderatorEmails.includes(user.email.toLowerCase()));
}

/**
 * Lets only moderators through; everyone else, signed in or not, is told there is nothing here,
 * so the desk's routes do not even show that they exist.
 */
export function requireModerator(config: ServerConfig): MiddlewareHandler<AppEnv> {
	return async (c, next) => {
		if (!isModerator(c.get('user'), config)) throw new AppError('NOT_FOUND');
		await next();
	};
}
