import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { profileLimits } from '~/config/limits';
import type { AreaDirectory } from '~/features/areas/areas.server';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit, requireUser } from '~/server/http/middleware';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { navUser } from '~/features/auth/nav-user';
import { badgeTextOf } from '~/features/heroes/badges';
import { profileCheck, publicProfile, updateProfile } from './profiles.server';

/** A base64 avatar is 4/3 of its bytes, plus the other fields. */
const profileBodyLimit = Math.ceil((profileLimits.avatarMaxBytes * 4) / 3) + 64 * 1024;

/** `/profile/check`, `PUT /profile`, `/profile/{userId}`. */
export function profileRoutes(server: ServerContext & { areas: AreaDirectory }) {
	return new Hono<AppEnv>()
		.get('/session', (c) => {
			// 200 either way: prerendered pages ask this, and signed-out is not an error for them.
			const user = c.get('user');
			if (!user) return c.json({ data: null });
			const { name, email, avatarUrl, isComplete } = navUser(user);
			return c.json({ data: { user: { id: user.id, name, email, avatarUrl }, isComplete } });
		})
		.get('/profile/check', requireUser, (c) => c.json({ data: profileCheck(c.get('user')!) }))
		.put(
			'/profile',
			requireUser,
			rateLimit(server, 'write', rateLimitRules.write),
			bodyLimit({
				maxSize: profileBodyLimit,
				onError: () => {
					throw new AppError('IMAGE_TOO_LARGE');
				},
			}),
			async (c) => {
				const body: unknown = await c.req.json().catch(() => {
					throw new AppError('VALIDATION_ERROR');
				});
				return c.json({ data: await updateProfile(server, c.get('user')!, body) });
			},
		)
		.get('/profile/:userId', async (c) => {
			const t = c.get('t');
			const profile = await publicProfile(server.db, c.req.param('userId'), badgeTextOf(t));
			if (!profile) throw new AppError('NOT_FOUND');
			return c.json({ data: profile });
		});
}
