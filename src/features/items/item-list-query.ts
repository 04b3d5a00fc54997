import { z } from 'zod';
import { categories, itemPageSize, itemPageSizeMax } from './items';

// Kept apart from `item-schemas.ts`, which the item form ships to the browser in `zod/mini`: this
// one is read by the API and its OpenAPI document only.

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
});
export type ItemListQuery = z.output<typeof itemListQuerySchema>;
