import { z } from 'zod/mini';
import { rankingLimits, rankingRanges, type RankingsQuery, rankingSorts } from './heroes';

// Kept apart from `heroes.ts` so the rankings island does not ship zod to the browser.

const positiveInteger = (max: number) =>
	z.string().check(
		z.regex(/^\d{1,6}$/),
		z.refine((value) => Number(value) >= 1 && Number(value) <= max),
	);

/**
 * `GET /heroes/rankings` query: every parameter optional; a present but wrong one is an error
 * (not silently replaced), so a client bug shows up instead of a confusing page.
 */
export const rankingsQuerySchema = z.object({
	page: z.optional(positiveInteger(1_000_000)),
	limit: z.optional(positiveInteger(rankingLimits.maxLimit)),
	range: z.optional(z.enum(rankingRanges)),
	sort: z.optional(z.enum(rankingSorts)),
});

/** The query with defaults filled in, or the names of the parameters the schema refuses. */
export function parseRankingsQuery(
	input: Record<string, string | undefined>,
): { ok: true; query: RankingsQuery } | { ok: false; fields: string[] } {
	const parsed = rankingsQuerySchema.safeParse(input);
	if (!parsed.success) {
		return { ok: false, fields: [...new Set(parsed.error.issues.map((i) => String(i.path[0])))] };
	}
	const { page, limit, range, sort } = parsed.data;
	return {
		ok: true,
		query: {
			page: page ? Number(page) : 1,
			limit: limit ? Number(limit) : rankingLimits.pageSize,
			range: range ?? 'all',
			sort: sort ?? 'impact',
		},
	};
}
