import { z } from 'zod';
import { categories, itemPageSize, itemPageSizeMax } from './items';

// Kept apart from `item-schemas.ts`, which the item form ships to the browser in `zod/mini`: this
// one is read by the API and its OpenAPI document only.

/** A place code of the query; codes that name no place are refused by the list itself. */
const placeQuery = (description: string) =>
	z.string().trim().max(12).optional().meta({ description });

/** The list's query, as `/items?search=kursi&page=2` carries it. */
export const itemListQuerySchema = z.object({
	page: z.coerce.number().int().min(1).default(1),
	limit: z.coerce.number().int().min(1).max(itemPageSizeMax).default(itemPageSize),
	search: z.string().trim().max(100).optional(),
	sort: z.enum(['newest', 'oldest']).default('newest'),
	category: z.enum(categories).optional(),
	status: z
		.enum(['available', 'all'])
		.default('all')
		.meta({ description: '`available` leaves out items already given away' }),
	province: placeQuery('A province code: `32`'),
	regency: placeQuery('A city or regency code, with or without its dot: `3273` or `32.73`'),
	district: placeQuery('A district code, with or without its dots: `327314` or `32.73.14`'),
	near: z.enum(['me']).optional().meta({
		description:
			'`me`: the caller’s district first, then their city, their province, the rest; newest first within each',
	}),
});
export type ItemListQuery = z.output<typeof itemListQuerySchema>;
