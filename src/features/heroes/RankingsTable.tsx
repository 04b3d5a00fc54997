import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '~/lib/hydrated';
import type { IslandI18nProps } from '~/lib/i18n/island';
import { islandRoot } from '~/lib/island-root';
import {
	rankingLimits,
	rankingRanges,
	type RankingsPage,
	type RankingsQuery,
	rankingSorts,
	rankingsSearch,
	rankingsViewOf,
} from './heroes';
import { RankingHead, RankingRow, RankingSkeletonRow, RankingTable } from './RankingRow';
import { rankingsQuery } from './heroes.queries';

type ViewQuery = Omit<RankingsQuery, 'limit'>;
type Result = { status: 'loading' } | { status: 'error' } | { status: 'ok'; data: RankingsPage };

/** The rank shown in a row: (page - 1) × 10 + index + 1. */
export function rankNumber(page: number, index: number): number {
	return (page - 1) * rankingLimits.pageSize + index + 1;
}

/**
 * The heroes rankings: range and sort controls, a page of ten donors, previous/next. The query
 * lives in the address bar so reload, back and sharing keep it. The server renders the page the
 * address asks for (`initialView`, `initialRankings`), which seeds the query's cache, so hydrating
 * fetches nothing; without it (the server could not read them) the island loads them. Needs the
 * `impact` namespace.
 */
export const RankingsTable = islandRoot(function RankingsTable(
	props: IslandI18nProps & {
		profileBase: string;
		initialView: ViewQuery;
		initialRankings: RankingsPage | null;
	},
) {
	const { t } = useTranslation();
	const controlsId = useId();
	// The server draws the controls before their handlers exist: they wait for them, disabled.
	const hydrated = useHydrated();
	const { initialView, initialRankings } = props;
	const [query, setQuery] = useState<ViewQuery>(initialView);
	const isInitialView = rankingsSearch(query) === rankingsSearch(initialView);
	const rankings = useQuery({
		...rankingsQuery(query),
		...(isInitialView && initialRankings && { initialData: initialRankings }),
	});
	// A retry shows the loading state, not the error it is retrying.
	const result: Result = rankings.data
		? { status: 'ok', data: rankings.data }
		: rankings.isError && !rankings.isFetching
			? { status: 'error' }
			: { status: 'loading' };

	useEffect(() => {
		const sync = () => setQuery(rankingsViewOf(new URLSearchParams(window.location.search)));
		window.addEventListener('popstate', sync);
		return () => window.removeEventListener('popstate', sync);
	}, []);

	const navigate = useCallback((next: ViewQuery) => {
		window.history.pushState(null, '', `${window.location.pathname}${rankingsSearch(next)}`);
		setQuery(next);
	}, []);

	const data = result.status === 'ok' ? result.data : null;
	const rows = data?.rankings ?? [];
	const meta = data?.meta;

	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-col gap-4 sm:flex-row sm:items-end">
				<label className="form-control flex flex-col gap-1" htmlFor={`${controlsId}-range`}>
					<span className="font-semibold">{t('impact.range.label')}</span>
					<select
						id={`${controlsId}-range`}
						className="select"
						disabled={!hydrated}
						value={query.range}
						onChange={(event) =>
							navigate({
								...query,
								page: 1,
								range: event.currentTarget.value as ViewQuery['range'],
							})
						}
					>
						{rankingRanges.map((range) => (
							<option key={range} value={range}>
								{t(`impact.range.${range}`)}
							</option>
						))}
					</select>
				</label>
				<label className="form-control flex flex-col gap-1" htmlFor={`${controlsId}-sort`}>
					<span className="font-semibold">{t('impact.sort.label')}</span>
					<select
						id={`${controlsId}-sort`}
						className="select"
						disabled={!hydrated}
						value={query.sort}
						onChange={(event) =>
							navigate({
								...query,
								page: 1,
								sort: event.currentTarget.value as ViewQuery['sort'],
							})
						}
					>
						{rankingSorts.map((sort) => (
							<option key={sort} value={sort}>
								{t(`impact.sort.${sort}`)}
							</option>
						))}
					</select>
				</label>
			</div>

			<div aria-busy={result.status === 'loading'}>
				{result.status === 'loading' && (
					<div role="status">
						<span className="sr-only">{t('impact.loading')}</span>
						<RankingTable hidden>
							<RankingHead t={t} sort={query.sort} />
							<tbody>
								{Array.from({ length: rankingLimits.pageSize }, (_, index) => (
									<RankingSkeletonRow key={index} sort={query.sort} />
								))}
							</tbody>
						</RankingTable>
					</div>
				)}
				{result.status === 'error' && (
					<div role="alert" className="alert alert-error">
						<span>{t('impact.error')}</span>
						<button type="button" className="btn btn-sm" onClick={() => void rankings.refetch()}>
							{t('impact.retry')}
						</button>
					</div>
				)}
				{data && rows.length === 0 && <p className="py-10 text-lg">{t('impact.empty')}</p>}
				{rows.length > 0 && (
					<RankingTable>
						<caption className="sr-only">{t('impact.table.caption')}</caption>
						<RankingHead t={t} sort={query.sort} />
						<tbody>
							{rows.map((entry, index) => (
								<RankingRow
									key={entry.userId}
									t={t}
									locale={props.locale}
									entry={entry}
									rank={rankNumber(query.page, index)}
									sort={query.sort}
									profileHref={`${props.profileBase}/${encodeURIComponent(entry.userId)}`}
								/>
							))}
						</tbody>
					</RankingTable>
				)}
			</div>

			{/* Shown while loading too, and as high with one line as with two, so nothing moves. */}
			{(result.status === 'loading' || (meta && meta.totalPages > 0)) && (
				<nav
					aria-label={t('impact.pagination.label')}
					className="flex min-h-10 items-center justify-between gap-2"
				>
					<button
						type="button"
						className="btn btn-sm sm:btn-md"
						disabled={!hydrated || !meta?.hasPrevPage}
						onClick={() => navigate({ ...query, page: query.page - 1 })}
					>
						{t('impact.pagination.previous')}
					</button>
					<p className="text-center text-sm leading-5 sm:text-base">
						{meta
							? t('impact.pagination.page', { page: meta.currentPage, total: meta.totalPages })
							: '\u00a0'}
					</p>
					<button
						type="button"
						className="btn btn-sm sm:btn-md"
						disabled={!hydrated || !meta?.hasNextPage}
						onClick={() => navigate({ ...query, page: query.page + 1 })}
					>
						{t('impact.pagination.next')}
					</button>
				</nav>
			)}
		</div>
	);
});
