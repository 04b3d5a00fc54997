/** The heroes' reads for TanStack Query. */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api-client';
import { rankingLimits, type RankingsPage, type RankingsQuery } from './heroes';

/** What the rankings page chooses; the page size is the API's default. */
export type RankingsView = Omit<RankingsQuery, 'limit'>;

/** One page of the rankings (`GET /api/heroes/rankings`), keyed by page, range and sort. */
export function rankingsQuery({ page, range, sort }: RankingsView) {
	return queryOptions({
		queryKey: ['heroes', 'rankings', { page, range, sort }] as const,
		queryFn: ({ signal }) => {
			const search = new URLSearchParams({
				page: String(page),
				limit: String(rankingLimits.pageSize),
				range,
				sort,
			});
			return apiFetch<RankingsPage>(`/heroes/rankings?${search}`, { signal });
		},
		// Rankings move only when a hand-over is confirmed: a page read a minute ago, or rendered
		// with the page, is shown again without asking.
		staleTime: 60_000,
	});
}
