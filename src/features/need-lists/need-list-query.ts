import { z } from 'zod';
import { categories } from '~/features/items/items';
import { needPageSize, needPageSizeMax } from './need-lists';

/** A place code of the query; codes that name no place are refused by the list itself. */
const placeQuery = (description: string) =>
	z.string().trim().max(12).optional().meta({ description });

/** The needs list's query, as `/needs?search=buku&urgent=true&page=2` carries it. */
export const needListQuerySchema = z.object({
	page: z.coerce.number().int().min(1).default(1),
	limit: z.coerce.number().int().min(1).max(needPageSizeMax).default(needPageSize),
	search: z.string().trim().max(100).optional(),
	category: z.enum(categories).optional(),
	urgent: z
		.enum(['true', 'false'])
		.default('false')
		.meta({ description: '`true` lists only urgent needs' }),
	province: placeQuery('A province code: `32`'),
	regency: placeQuery('A city or regency code, with or without its dot: `3273` or `32.73`'),
	district: placeQuery('A district code, with or without its dots: `327314` or `32.73.14`'),
	near: z.enum(['me']).optional().meta({
		description:
			'`me`: the caller’s district first, then their city, their province, the rest; verified organisations’ needs first within each, then newest',
	}),
});
export type NeedListQuery = z.input<typeof needListQuerySchema>;
export type ValidNeedListQuery = z.output<typeof needListQuerySchema>;
