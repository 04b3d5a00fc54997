import { Hono } from 'hono';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import type { AppEnv } from '~/server/http/types';
import { badgeTextOf } from './badges';
import { parseRankingsQuery } from './rankings-query';
import { rankings, siteTotals, topHeroes } from './rankings.server';

/** `/heroes/top`, `/heroes/rankings` and `/heroes/totals`: read-only, public. */
export function heroRoutes(server: ServerContext) {
	return new Hono<AppEnv>()
		.get('/heroes/top', async (c) =>
			c.json({ data: await topHeroes(server.db, badgeTextOf(c.get('t'))) }),
		)
		.get('/heroes/rankings', async (c) => {
			const parsed = parseRankingsQuery(c.req.query());
			if (!parsed.ok) {
				throw new AppError(
					'VALIDATION_ERROR',
					Object.fromEntries(parsed.fields.map((field) => [field, `impact.query.${field}`])),
				);
			}
			return c.json({ data: await rankings(server.db, parsed.query, badgeTextOf(c.get('t'))) });
		})
		.get('/heroes/totals', async (c) => c.json({ data: await siteTotals(server.db) }));
}
