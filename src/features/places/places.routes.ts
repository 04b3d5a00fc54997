import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { areaSearchQuery } from '~/features/areas/areas.routes';
import { createEmbeddedAreaDirectory } from '~/features/areas/areas.server';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit } from '~/server/http/middleware';
import { anyone, dataResponse, errorResponses, refuseInput } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { placeCode } from './places';
import { placeDirectory } from './places.server';

/** Where an item is picked up: a district of the official list, with its city and province. */
export const itemPickupSchema = z
	.object({
		provinceCode: z.string().openapi({ example: '32' }),
		provinceName: z.string().openapi({ example: 'Jawa Barat' }),
		regencyCode: z.string().openapi({ example: '32.73' }),
		regencyName: z.string().openapi({ example: 'Kota Bandung' }),
		districtCode: z.string().openapi({ example: '32.73.14' }),
		districtName: z.string().openapi({ example: 'Cibeunying Kidul' }),
	})
	.openapi('ItemPickup');

/** A province or a city/regency as a filter offers it, by its official code ("32.73"). */
export const placeSchema = z
	.object({ code: z.string().openapi({ example: '32.73' }), name: z.string() })
	.openapi('Place');

/** A city or regency with the page that lists its items. */
export const citySchema = placeSchema
	.extend({ slug: z.string().openapi({ description: 'Of the city’s page, `/items/in/<slug>`' }) })
	.openapi('City');

const districtSchema = z
	.object({
		id: z.string().openapi({ description: 'The district’s code', example: '32.73.14' }),
		name: z.string().openapi({ example: 'Cibeunying Kidul, Kota Bandung, Jawa Barat' }),
		administrative_division_level_1_name: z.string().openapi({ description: 'Province' }),
		administrative_division_level_2_name: z.string().openapi({ description: 'City or regency' }),
		administrative_division_level_3_name: z.string().openapi({ description: 'District' }),
	})
	.openapi('District');

/** The official lists never change while a release runs: a day in any cache is safe. */
const cacheForADay = 'public, max-age=86400, stale-while-revalidate=604800';

/** The official list of places for filters and item forms (`/api/places…`). */
export function placeRoutes(server: ServerContext) {
	// Items are placed by the official list whichever directory the profile form uses.
	const districts = createEmbeddedAreaDirectory();
	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'get',
				path: '/places/provinces',
				summary: 'Every province, by name',
				security: anyone,
				responses: {
					200: dataResponse('The provinces', z.object({ provinces: z.array(placeSchema) })),
				},
			}),
			async (c) => {
				c.header('Cache-Control', cacheForADay);
				return c.json({ data: { provinces: [...(await placeDirectory()).provinces] } }, 200);
			},
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/places/provinces/{code}/regencies',
				summary: 'The cities and regencies of one province, by name',
				security: anyone,
				request: { params: z.object({ code: z.string().openapi({ example: '32' }) }) },
				responses: {
					200: dataResponse(
						'The province’s cities and regencies',
						z.object({ regencies: z.array(citySchema) }),
					),
					...errorResponses('NOT_FOUND'),
				},
			}),
			async (c) => {
				const code = placeCode('province', c.req.valid('param').code);
				const regencies = code && (await placeDirectory()).regenciesOf.get(code);
				if (!regencies) throw new AppError('NOT_FOUND');
				c.header('Cache-Control', cacheForADay);
				return c.json({ data: { regencies: [...regencies] } }, 200);
			},
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/places/districts/search',
				summary: 'Districts of the official list matching a query, best first',
				security: anyone,
				middleware: [rateLimit(server, 'areas', rateLimitRules.areaSearch)],
				request: {
					query: areaSearchQuery,
				},
				responses: {
					200: dataResponse('Matching districts', z.object({ areas: z.array(districtSchema) })),
					...errorResponses('VALIDATION_ERROR', 'RATE_LIMITED'),
				},
			}),
			async (c) => c.json({ data: { areas: await districts.search(c.req.valid('query').q) } }, 200),
			refuseInput(() => new AppError('VALIDATION_ERROR', { q: 'form.errors.areaQueryMin' })),
		);
}
