import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { categories } from '~/features/items/items';
import { pickupOfDistrict } from '~/features/places/places.server';
import type { ServerContext } from '~/server/context';
import { dataResponse, errorResponses, signedInOrNot } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { needListQuerySchema } from './need-list-query';
import { listNeeds } from './need-lists.server';

/** A need as its list's card shows it (docs/product-rules.md#need-lists). */
export const needCardSchema = z
	.object({
		id: z.int(),
		title: z.string(),
		category: z.enum(categories),
		quantity: z.int(),
		urgent: z.boolean(),
		regencyName: z.string().openapi({ example: 'Kota Bandung' }),
		districtName: z.string().openapi({ example: 'Coblong' }),
		photo: z
			.object({ src: z.string(), width: z.int(), height: z.int() })
			.nullable()
			.openapi({ description: 'The need’s photo, when it has one' }),
		organisation: z
			.object({ name: z.string(), verified: z.boolean() })
			.nullable()
			.openapi({ description: 'The organisation it was posted for, if any' }),
		createdAt: z.iso.datetime(),
	})
	.openapi('NeedCard');

/** A page of needs and the list's page facts. */
export const needListSchema = z
	.object({
		needs: z.array(needCardSchema),
		meta: z.object({
			page: z.int(),
			limit: z.int(),
			total: z.int(),
			totalPages: z.int(),
			hasPrevPage: z.boolean(),
			hasNextPage: z.boolean(),
		}),
	})
	.openapi('NeedList');

/** The needs lists of the API (`/api/needs`). */
export function needListRoutes(server: ServerContext) {
	return new OpenAPIHono<AppEnv>().openapi(
		createRoute({
			method: 'get',
			path: '/needs',
			summary: 'A page of open needs, newest or nearest first, searched and filtered',
			security: signedInOrNot,
			request: { query: needListQuerySchema },
			responses: {
				200: dataResponse('Needs and page facts', needListSchema),
				...errorResponses('VALIDATION_ERROR'),
			},
		}),
		async (c) => {
			const query = c.req.valid('query');
			const areaId = c.get('user')?.areaId;
			const home = query.near === 'me' && areaId ? await pickupOfDistrict(areaId) : null;
			return c.json({ data: await listNeeds(server.db, query, home) }, 200);
		},
	);
}
