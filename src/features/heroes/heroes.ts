import type { z } from 'zod/mini';
import type {
	badgeSchema,
	donorStatsSchema,
	heroEntrySchema,
	rankingsPageSchema,
	siteTotalsSchema,
} from './heroes.routes';
import type { rankingsQuerySchema } from './rankings-query';

/** A badge a donor has earned, with its name and description in the visitor's language. */
export type Badge = z.output<typeof badgeSchema>;

/** A donor's totals; `rank` is all-time, null without donations. */
export type DonorStats = z.output<typeof donorStatsSchema>;

/**
 * A member's record of giving and receiving (docs/product-rules.md#public-profile): what impact
 * counts beside what it does not, so a profile shows both and a reader can tell them apart.
 */
export type Givings = DonorStats['givings'];

/** Time ranges of the rankings: all time, or the current calendar month or year in Jakarta. */
export const rankingRanges = ['all', 'month', 'year'] as const;
export type RankingRange = (typeof rankingRanges)[number];

/** Orders of the rankings: impact score, latest donation, number of donations. */
export const rankingSorts = ['impact', 'recent', 'donations'] as const;
export type RankingSort = (typeof rankingSorts)[number];

/** Rankings page size (docs/product-rules.md#rankings) and the most a client may ask for at once. */
export const rankingLimits = {
	pageSize: 10,
	maxLimit: 50,
	maxPage: 1_000_000,
	topCount: 5,
} as const;

/** The rankings query with defaults filled in. */
export type RankingsQuery = z.output<typeof rankingsQuerySchema>;

/** One donor in the rankings or the top list (docs/product-rules.md#rankings). */
export type HeroEntry = z.output<typeof heroEntrySchema>;

/** `data` of `GET /heroes/rankings`: a page of donors and where it sits among all pages. */
export type RankingsPage = z.output<typeof rankingsPageSchema>;

/**
 * Site-wide impact for the home page, over the hand-overs impact counts: how many (like
 * `totalDonations`, so the figure is the sum of every donor's), their kg (Σ weight × given
 * quantity), and how many donors made them.
 */
export type SiteTotals = z.output<typeof siteTotalsSchema>;

/**
 * The rankings a page address asks for (`?range=month&sort=recent&page=2`); anything missing or
 * unknown falls back on its default, so an old or mistyped link still opens the rankings.
 */
export function rankingsViewOf(params: URLSearchParams): Omit<RankingsQuery, 'limit'> {
	const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T) =>
		values.find((candidate) => candidate === value) ?? fallback;
	const page = Number(params.get('page'));
	return {
		page: Number.isInteger(page) && page >= 1 && page <= rankingLimits.maxPage ? page : 1,
		range: pick(rankingRanges, params.get('range'), 'all'),
		sort: pick(rankingSorts, params.get('sort'), 'impact'),
	};
}

/** The rankings page's address for a query, leaving out defaults so links stay short. */
export function rankingsSearch(query: Omit<RankingsQuery, 'limit'>): string {
	const params = new URLSearchParams();
	if (query.range !== 'all') params.set('range', query.range);
	if (query.sort !== 'impact') params.set('sort', query.sort);
	if (query.page !== 1) params.set('page', String(query.page));
	const search = params.toString();
	return search ? `?${search}` : '';
}

/** A half-open time interval `[start, end)`. */
export interface Period {
	start: Date;
	end: Date;
}

// Jakarta has kept UTC+7 without daylight saving since 1964, so a fixed offset is exact and
// avoids depending on the time zone data of the database or the JavaScript runtime.
const jakartaOffsetMs = 7 * 60 * 60 * 1000;

/**
 * The Jakarta calendar month or year that contains `now`, or `null` for all time: an item
 * donated at 2026-10-31T17:30:00Z is in November 2026 in Jakarta.
 */
export function jakartaPeriod(range: RankingRange, now: Date): Period | null {
	if (range === 'all') return null;
	const local = new Date(now.getTime() + jakartaOffsetMs);
	const year = local.getUTCFullYear();
	const month = range === 'month' ? local.getUTCMonth() : 0;
	const months = range === 'month' ? 1 : 12;
	return {
		start: new Date(Date.UTC(year, month, 1) - jakartaOffsetMs),
		end: new Date(Date.UTC(year, month + months, 1) - jakartaOffsetMs),
	};
}
