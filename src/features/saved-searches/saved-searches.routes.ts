import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { categories } from '~/features/items/items';
import { storableText } from '~/lib/text-fields';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit, requireUser } from '~/server/http/middleware';
import {
	dataResponse,
	errorResponses,
	refuseInput,
	refuseInvalidFields,
	signedIn,
} from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { savedSearchTargets } from './saved-searches';
import { deleteSavedSearch, listSavedSearches, saveSearch } from './saved-searches.server';

/** A saved search (docs/product-rules.md#saved-searches). */
export const savedSearchSchema = z
	.object({
		id: z.int(),
		/** "Kursi · Perabot · Kota Bandung", in the language it was saved in. */
		label: z.string().openapi({ example: 'Kursi · Kota Bandung' }),
		query: z.string().openapi({
			description: 'The query string that opens it on `/items` or `/needs`',
			example: '?search=kursi&province=32&regency=3273',
		}),
		targets: z.enum(savedSearchTargets).openapi({
			description: 'What it matches: new `items`, new `needs`, or `all` of them',
		}),
		createdAt: z.iso.datetime(),
	})
	.openapi('SavedSearch');

/**
 * What is saved: the list's search, category and place, as `/items` and `/needs` carry them, and
 * which list it was saved from.
 */
export const saveBody = z.object({
	search: z.string().max(100).check(storableText).optional(),
	category: z.enum(categories).optional(),
	province: z.string().max(12).optional().openapi({ example: '32' }),
	regency: z.string().max(12).optional().openapi({ example: '3273' }),
	targets: z
		.enum(savedSearchTargets)
		.default('items')
		.openapi({ description: 'Saved from `/needs`: `needs`' }),
});

/** A signed-in person's saved searches (`/api/saved-searches…`). */
export function savedSearchRoutes(server: ServerContext) {
	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'get',
				path: '/saved-searches',
				summary: 'The caller’s saved searches, newest first',
				security: signedIn,
				middleware: [requireUser],
				responses: {
					200: dataResponse('The saved searches', z.array(savedSearchSchema)),
					...errorResponses('UNAUTHORIZED'),
				},
			}),
			async (c) => c.json({ data: await listSavedSearches(server.db, c.get('user')!.id) }, 200),
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/saved-searches',
				summary: 'Save a search: told in the bell whenever a new item or need matches it',
				security: signedIn,
				middleware: [requireUser, rateLimit(server, 'write', rateLimitRules.write)],
				request: {
					body: { content: { 'application/json': { schema: saveBody } }, required: true },
				},
				responses: {
					201: dataResponse('The new saved search', savedSearchSchema),
					200: dataResponse('The same search, saved before', savedSearchSchema),
					...errorResponses(
						'VALIDATION_ERROR',
						'UNAUTHORIZED',
						'SAVED_SEARCH_LIMIT',
						'RATE_LIMITED',
					),
				},
			}),
			async (c) => {
				const { saved, created } = await saveSearch(
					server.db,
					c.get('user')!.id,
					c.req.valid('json'),
					c.get('t'),
				);
				return created ? c.json({ data: saved }, 201) : c.json({ data: saved }, 200);
			},
			refuseInvalidFields,
		)
		.openapi(
			createRoute({
				method: 'delete',
				path: '/saved-searches/{id}',
				summary: 'Delete one of the caller’s saved searches',
				security: signedIn,
				middleware: [requireUser],
				request: { params: z.object({ id: z.coerce.number().int().min(1) }) },
				responses: {
					204: { description: 'Deleted' },
					...errorResponses('UNAUTHORIZED', 'NOT_FOUND'),
				},
			}),
			async (c) => {
				await deleteSavedSearch(server.db, c.get('user')!.id, c.req.valid('param').id);
				return c.body(null, 204);
			},
			refuseInput(() => new AppError('NOT_FOUND')),
		);
}
