import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '~/lib/format';
import type { IslandI18nProps } from '~/lib/i18n/island';
import { islandRoot } from '~/lib/island-root';
import {
	type HeroEntry,
	rankingLimits,
	rankingRanges,
	type RankingsPage,
	type RankingsQuery,
	rankingSorts,
	rankingsSearch,
} from './heroes';
import { rankingsQuery } from './heroes.queries';

type ViewQuery = Omit<RankingsQuery, 'limit'>;
type Result = { status: 'loading' } | { status: 'error' } | { status: 'ok'; data: RankingsPage };

const defaultQuery: ViewQuery = { page: 1, range: 'all', sort: 'impact' };

/** The query in the address bar; anything unknown falls back on its default. */
function queryFromLocation(): ViewQuery {
	const params = new URLSearchParams(window.location.search);
	const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T) =>
		values.find((candidate) => candidate === value) ?? fallback;
	const page = Number(params.get('page'));
	return {
		page: Number.isInteger(page) && page >= 1 ? page : 1,
		range: pick(rankingRanges, params.get('range'), 'all'),
		sort: pick(rankingSorts, params.get('sort'), 'impact'),
	};
}

/** The rank shown in a row: (page - 1) × 10 + index + 1. */
export function rankNumber(page: number, index: number): number {
	return (page - 1) * rankingLimits.pageSize + index + 1;
}

function DonorCell({ entry, name, href }: { entry: HeroEntry; name: string; href: string }) {
	return (
		<div className="flex items-center gap-3">
			<div className={entry.user.avatar ? 'avatar' : 'avatar avatar-placeholder'}>
				<div className="w-10 rounded-full bg-primary text-primary-content">
					{entry.user.avatar ? (
						<img src={entry.user.avatar} alt="" width={80} height={80} loading="lazy" />
					) : (
						<span aria-hidden="true">{name.trim().charAt(0).toUpperCase() || '?'}</span>
					)}
				</div>
			</div>
			<a href={href} className="link link-hover font-semibold">
				{name}
			</a>
			<ul className="flex gap-1">
				{entry.badges.map((badge) => (
					<li key={badge.id} className="tooltip" data-tip={badge.name}>
						<span aria-hidden="true">{badge.icon}</span>
						<span className="sr-only">{badge.name}</span>
					</li>
				))}
			</ul>
		</div>
	);
}

/**
 * The heroes rankings: range and sort controls, a page of ten donors, previous/next. The query
 * lives in the address bar so reload, back and sharing keep it. Needs the `impact` namespace.
 */
export const RankingsTable = islandRoot(function RankingsTable(
	props: IslandI18nProps & { profileBase: string },
) {
	const { t } = useTranslation();
	const controlsId = useId();
	// Unknown until mounted: the page is prerendered, so only the browser knows the address.
	const [query, setQuery] = useState<ViewQuery | null>(null);
	const rankings = useQuery({ ...rankingsQuery(query ?? defaultQuery), enabled: query !== null });
	// A retry shows the loading state, not the error it is retrying.
	const result: Result = rankings.data
		? { status: 'ok', data: rankings.data }
		: rankings.isError && !rankings.isFetching
			? { status: 'error' }
			: { status: 'loading' };

	useEffect(() => {
		const sync = () => setQuery(queryFromLocation());
		sync();
		window.addEventListener('popstate', sync);
		return () => window.removeEventListener('popstate', sync);
	}, []);

	const navigate = useCallback((next: ViewQuery) => {
		window.history.pushState(null, '', `${window.location.pathname}${rankingsSearch(next)}`);
		setQuery(next);
	}, []);

	const current = query ?? defaultQuery;
	const data = result.status === 'ok' ? result.data : null;
	const rows = data?.rankings ?? [];

	return (
		<div className="flex flex-col gap-6">
			<div className="flex flex-col gap-4 sm:flex-row sm:items-end">
				<label className="form-control flex flex-col gap-1" htmlFor={`${controlsId}-range`}>
					<span className="font-semibold">{t('impact.range.label')}</span>
					<select
						id={`${controlsId}-range`}
						className="select"
						value={current.range}
						onChange={(event) =>
							navigate({
								...current,
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
						value={current.sort}
						onChange={(event) =>
							navigate({
								...current,
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
					<p role="status" className="flex items-center gap-3 py-10">
						<span className="loading loading-spinner" aria-hidden="true" />
						{t('impact.loading')}
					</p>
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
					<div className="overflow-x-auto rounded-box border border-base-300">
						<table className="table table-sm sm:table-md">
							<caption className="sr-only">{t('impact.table.caption')}</caption>
							<thead>
								<tr className="text-base-content">
									<th scope="col">{t('impact.table.rank')}</th>
									<th scope="col">{t('impact.table.donor')}</th>
									<th scope="col" className="text-right">
										{t('impact.table.donations')}
									</th>
									<th scope="col" className="text-right">
										{t('impact.table.impactScore')}
									</th>
								</tr>
							</thead>
							<tbody>
								{rows.map((entry, index) => {
									const name = entry.user.name ?? t('impact.anonymous');
									const href = `${props.profileBase}/${encodeURIComponent(entry.userId)}`;
									return (
										<tr key={entry.userId}>
											<td className="text-lg font-bold">{rankNumber(current.page, index)}</td>
											<td>
												<DonorCell entry={entry} name={name} href={href} />
											</td>
											<td className="text-right tabular-nums">
												{formatNumber(entry.totalDonations)}
											</td>
											<td className="text-right font-semibold tabular-nums">
												{formatNumber(entry.impactScore)}
											</td>
										</tr>
									);
								})}
							</tbody>
						</table>
					</div>
				)}
			</div>

			{data && data.meta.totalPages > 0 && (
				<nav
					aria-label={t('impact.pagination.label')}
					className="flex items-center justify-between gap-2"
				>
					<button
						type="button"
						className="btn btn-sm sm:btn-md"
						disabled={!data.meta.hasPrevPage}
						onClick={() => navigate({ ...current, page: current.page - 1 })}
					>
						{t('impact.pagination.previous')}
					</button>
					<p className="text-center text-sm sm:text-base">
						{t('impact.pagination.page', {
							page: data.meta.currentPage,
							total: data.meta.totalPages,
						})}
					</p>
					<button
						type="button"
						className="btn btn-sm sm:btn-md"
						disabled={!data.meta.hasNextPage}
						onClick={() => navigate({ ...current, page: current.page + 1 })}
					>
						{t('impact.pagination.next')}
					</button>
				</nav>
			)}
		</div>
	);
});
