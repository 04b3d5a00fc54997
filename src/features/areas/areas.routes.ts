import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit } from '~/server/http/middleware';
import { anyone, dataResponse, errorResponses, refuseInput } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { isSearchableAreaQuery } from './areas';
import { type AreaDirectory, AreaDirectoryUnavailableError } from './areas.server';

/** A district as the product shows it, in Biteship's field names. */
export const areaSchema = z
	.object({
		/** The embedded directory uses the district code ("31.74.07"); Biteship its own id. */
		id: z.string(),
		/** "Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta" (Biteship adds the postal code). */
		name: z.string(),
		administrative_division_level_1_name: z.string().openapi({ description: 'Province' }),
		administrative_division_level_2_name: z.string().openapi({ description: 'Regency or city' }),
		administrative_division_level_3_name: z.string().openapi({ description: 'District' }),
		/** Only Biteship knows postal codes; always a string here, whatever the provider sent. */
		postal_code: z.string().optional(),
	})
	.openapi('Area');

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

/** District search for the profile and shipping forms. */
/** The query of every district search: `q`, as the area search box sends it. */
export const areaSearchQuery = z.object({
	q: z.string().refine(isSearchableAreaQuery).openapi({
		description: 'At least 3 letters or digits; case, accents and punctuation aside',
	}),
});

export function areaRoutes(server: ServerContext & { areas: AreaDirectory }) {
	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'get',
				path: '/shipping/areas/search',
				summary: 'Districts matching a query, best first',
				security: anyone,
				middleware: [rateLimit(server, 'areas', rateLimitRules.areaSearch)],
				request: {
					query: areaSearchQuery,
				},
				responses: {
					200: dataResponse('Matching districts', z.object({ areas: z.array(areaSchema) })),
					...errorResponses('VALIDATION_ERROR', 'RATE_LIMITED', 'SHIPPING_UNAVAILABLE'),
				},
			}),
			async (c) => {
				const { q } = c.req.valid('query');
				const areas = await fromDirectory(() => server.areas.search(q));
				return c.json({ data: { areas } }, 200);
			},
			refuseInput(() => new AppError('VALIDATION_ERROR', { q: 'form.errors.areaQueryMin' })),
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/shipping/areas/{id}',
				summary: 'One district',
				security: anyone,
				request: { params: z.object({ id: z.string() }) },
				responses: {
					200: dataResponse('The district', areaSchema),
					...errorResponses('NOT_FOUND', 'SHIPPING_UNAVAILABLE'),
				},
			}),
			async (c) => {
				const area = await fromDirectory(() => server.areas.get(c.req.valid('param').id));
				if (!area) throw new AppError('NOT_FOUND');
				return c.json({ data: area }, 200);
			},
		);
}
