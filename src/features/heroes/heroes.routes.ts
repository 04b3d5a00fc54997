import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { anyone, dataResponse, errorResponses, refuseInput } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { badgeTextOf } from './badges';
import { rankingsQuerySchema } from './rankings-query';
import { rankings, siteTotals, topHeroes } from './rankings.server';

/** A badge as the API sends it, its words in the request's language. */
export const badgeSchema = z
	.object({
		id: z.enum(['RANK_1', 'RANK_2', 'RANK_3', 'VERIFIED']),
		name: z.string(),
		icon: z.string(),
		style: z.string(),
		description: z.string(),
	})
	.openapi('Badge');

/** A donor's totals; `rank` is all-time, null without donations. */
export const donorStatsSchema = z.object({
	rank: z.int().nullable(),
	totalDonations: z.int(),
	totalItems: z.int(),
	impactScore: z.int(),
	kgDonated: z.number(),
	givings: z
		.object({
			givenConfirmed: z.int().openapi({
				description: 'Hand-overs confirmed by their receivers that count for impact',
			}),
			givenUnconfirmed: z.int().openapi({
				description:
					'Hand-overs not confirmed or not counted, and items marked donated by the donor alone',
			}),
			received: z.int().openapi({ description: 'Hand-overs they confirmed receiving' }),
			pickupsCompleted: z.int().openapi({
				description: 'Hand-overs they received in the last 90 days, confirmed or not',
			}),
			noShows: z.int().openapi({
				description:
					'Their reservations that expired, or were declined because they never came, in the last 90 days',
			}),
			handOversCompleted: z.int().openapi({
				description: 'Hand-overs of their items in the last 90 days, confirmed or not',
			}),
			donorNoShows: z.int().openapi({
				description:
					'Reservations of their items ended in the last 90 days because they did not answer or were not there',
			}),
			answerMinutes: z.int().nullable().openapi({
				description:
					'The median time in minutes they took to reserve or decline a request made in the last 90 days; null with fewer than 3 answered',
			}),
		})
		.openapi({ description: 'Giving and receiving, counted or not for impact' }),
});

/** One donor in the rankings or the top list. */
export const heroEntrySchema = z
	.object({
		rank: z.int().openapi({ description: 'Position in the requested order' }),
		userId: z.string(),
		totalDonations: z.int(),
		impactScore: z.int().openapi({ description: 'Σ (10 × quantity + round(kg × quantity))' }),
		kgDonated: z.number(),
		lastDonatedAt: z.iso.datetime(),
		user: z.object({ name: z.string().nullable(), avatar: z.string().nullable() }),
		badges: z.array(badgeSchema),
	})
	.openapi('HeroEntry');

/** `data` of `GET /heroes/rankings`: a page of donors and where it sits among the pages. */
export const rankingsPageSchema = z.object({
	rankings: z.array(heroEntrySchema),
	meta: z.object({
		currentPage: z.int(),
		totalPages: z.int(),
		hasNextPage: z.boolean(),
		hasPrevPage: z.boolean(),
		total: z.int(),
	}),
});

/** Site-wide impact for the home page, over the hand-overs impact counts. */
export const siteTotalsSchema = z.object({
	itemsGiven: z.int(),
	kgDonated: z.number(),
	donors: z.int(),
});

/** `/heroes/top`, `/heroes/rankings` and `/heroes/totals`: read-only, public. */
export function heroRoutes(server: ServerContext) {
	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'get',
				path: '/heroes/top',
				summary: 'The first five of the all-time impact ranking',
				security: anyone,
				responses: { 200: dataResponse('Top heroes', z.array(heroEntrySchema)) },
			}),
			async (c) => c.json({ data: await topHeroes(server.db, badgeTextOf(c.get('t'))) }, 200),
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/heroes/rankings',
				summary: 'A page of the heroes rankings (month and year in Asia/Jakarta time)',
				security: anyone,
				request: { query: rankingsQuerySchema },
				responses: {
					200: dataResponse('Rankings and page facts', rankingsPageSchema),
					...errorResponses('VALIDATION_ERROR'),
				},
			}),
			async (c) => {
				const query = c.req.valid('query');
				return c.json({ data: await rankings(server.db, query, badgeTextOf(c.get('t'))) }, 200);
			},
			refuseInput(
				(issues) =>
					new AppError(
						'VALIDATION_ERROR',
						Object.fromEntries(
							issues.map(({ path }) => [String(path[0]), `impact.query.${String(path[0])}`]),
						),
					),
			),
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/heroes/totals',
				summary: 'Site-wide impact: counted hand-overs, their kg, donors',
				security: anyone,
				responses: { 200: dataResponse('Totals', siteTotalsSchema) },
			}),
			async (c) => c.json({ data: await siteTotals(server.db) }, 200),
		);
}
