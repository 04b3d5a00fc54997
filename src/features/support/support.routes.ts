import { Hono } from 'hono';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import type { AppEnv } from '~/server/http/types';
import { avatarSvg } from './avatar-svg';
import type { Supporter } from './support';
import { supporterLimits } from './support';
import { listEarlySupporters, topSupportersSource } from './supporters.server';

/**
 * `/trakteer/supports`, `/supporters/early-supporters` and the generated `/avatars/{seed}.svg`.
 * `topSupporters` defaults to Trakteer or the local table by configuration; tests inject one.
 */
export function supportRoutes(
	server: ServerContext,
	topSupporters: () => Promise<Supporter[]> = topSupportersSource(server.db),
) {
	return new Hono<AppEnv>()
		.get('/trakteer/supports', async (c) => c.json({ data: await topSupporters() }))
		.get('/supporters/early-supporters', async (c) =>
			c.json({ data: await listEarlySupporters(server.db) }),
		)
		.get('/avatars/:file', (c) => {
			const file = c.req.param('file');
			const seed = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : null;
			if (seed === null) throw new AppError('NOT_FOUND');
			if (seed.length > supporterLimits.avatarSeedMax) throw new AppError('VALIDATION_ERROR');
			// The picture of a name never changes, so browsers and CDNs may keep it for good.
			c.header('Cache-Control', 'public, max-age=31536000, immutable');
			c.header('Content-Type', 'image/svg+xml');
			c.header('X-Content-Type-Options', 'nosniff');
			c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
			return c.body(avatarSvg(seed));
		});
}
