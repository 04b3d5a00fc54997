import { z } from 'zod';
import { rankingLimits, rankingRanges, rankingSorts } from './heroes';

// Kept apart from `heroes.ts` so the rankings island does not ship zod to the browser.

const positiveInteger = (max: number, fallback: number) =>
	z
		.string()
		.regex(/^\d{1,6}$/)
		.refine((value) => Number(value) >= 1 && Number(value) <= max)
		.transform(Number)
		.default(fallback)
		// On the wire a string of digits; the document says what it stands for.
		.meta({ type: 'integer', minimum: 1, maximum: max, default: fallback });

/**
 * `GET /heroes/rankings` query: every parameter optional, with its default filled in; a present
 * but wrong one is an error (not silently replaced), so a client bug shows up instead of a
 * confusing page.
 */
export const rankingsQuerySchema = z.object({
	page: positiveInteger(rankingLimits.maxPage, 1),
	limit: positiveInteger(rankingLimits.maxLimit, rankingLimits.pageSize),
	range: z.enum(rankingRanges).default('all'),
	sort: z.enum(rankingSorts).default('impact'),
});
