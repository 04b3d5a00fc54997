import { Hono } from 'hono';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit } from '~/server/http/middleware';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { isSearchableAreaQuery } from './areas';
import { type AreaDirectory, AreaDirectoryUnavailableError } from './areas.server';

async function fromDirectory<T>(lookup: () => Promise<T>): Promise<T> {
	try {
		return await lookup();
	} catch (error) {
		// By name: the directory may come from the server runtime bundle, with its own copy of the class.
		if (error instanceof Error && error.name === AreaDirectoryUnavailableError.name) {
			throw new AppError('SHIPPING_UNAVAILABLE');
		}
		throw error;
	}
}

/** District search for the profile form, and the courier rates announced as coming soon. */
export function areaRoutes(server: ServerContext & { areas: AreaDirectory }) {
	return new Hono<AppEnv>()
		.get(
			'/shipping/areas/search',
			rateLimit(server, 'areas', rateLimitRules.areaSearch),
			async (c) => {
				const query = c.req.query('q') ?? '';
				if (!isSearchableAreaQuery(query)) {
					throw new AppError('VALIDATION_ERROR', { q: 'form.errors.areaQueryMin' });
				}
				const areas = await fromDirectory(() => server.areas.search(query));
				return c.json({ data: { areas } });
			},
		)
		.get('/shipping/areas/:id', async (c) => {
			const area = await fromDirectory(() => server.areas.get(c.req.param('id')));
			if (!area) throw new AppError('NOT_FOUND');
			return c.json({ data: area });
		})
		.get('/shipping/rates', () => {
			// Courier delivery is announced as coming soon; no rates are offered yet.
			throw new AppError('SHIPPING_UNAVAILABLE');
		});
}
