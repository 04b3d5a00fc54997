import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatDate, formatNumber, formatShortDate } from '~/lib/format';
import type { Locale } from '~/lib/i18n/locales';
import { badgeIcons } from './badges';
import type { HeroEntry, RankingSort } from './heroes';

interface RankingColumn {
	/** The order this column's figure ranks by. */
	sort: RankingSort;
	label: `impact.table.${'donations' | 'impactScore' | 'lastDonation'}`;
	value: (entry: HeroEntry, locale: Locale) => string;
	/** The figure where a phone has less room, if it differs. */
	short?: (entry: HeroEntry, locale: Locale) => string;
}

/** A row's figures, one column each, and the order each one ranks by. */
const rankingColumns: readonly RankingColumn[] = [
	{
		sort: 'donations',
		label: 'impact.table.donations',
		value: (entry) => formatNumber(entry.totalDonations),
	},
	{
		sort: 'impact',
		label: 'impact.table.impactScore',
		value: (entry) => formatNumber(entry.impactScore),
	},
	{
		sort: 'recent',
		label: 'impact.table.lastDonation',
		value: (entry, locale) => formatDate(entry.lastDonatedAt, locale),
		short: (entry, locale) => formatShortDate(entry.lastDonatedAt, locale),
	},
];

/**
 * Phones keep the column of the ranking's order and show the other figures under the donor's
 * name, so no column is cut off; wider screens show every column.
 */
const cellOf = (column: RankingColumn, sort: RankingSort) =>
	column.sort === sort ? 'max-sm:px-2' : 'hidden sm:table-cell';

export function RankingHead({ t, sort }: { t: TFunction; sort: RankingSort }) {
	return (
		<thead>
			<tr className="text-base-content">
				<th scope="col" className="max-sm:px-2">
					<span aria-hidden="true" className="sm:hidden">
						#
					</span>
					<span className="max-sm:sr-only">{t('impact.table.rank')}</span>
				</th>
				<th scope="col" className="max-sm:px-2">
					{t('impact.table.donor')}
				</th>
				{rankingColumns.map((column) => (
					// On phones a column's name may take two lines, and the header is always two lines
					// high: the placeholder's narrower figures would wrap a name the real ones do not.
					<th
						key={column.sort}
						scope="col"
						aria-sort={column.sort === sort ? 'descending' : undefined}
						className={`text-right max-sm:whitespace-normal ${cellOf(column, sort)}`}
					>
						<span className="block max-sm:min-h-[2lh]">{t(column.label)}</span>
					</th>
				))}
			</tr>
		</thead>
	);
}

function Badges({ entry }: { entry: HeroEntry }) {
	return (
		<ul className="flex shrink-0 gap-1">
			{entry.badges.map((badge) => (
				<li key={badge.id} className="tooltip" data-tip={badge.name} data-badge={badge.id}>
					<span
						className="flex"
						// A constant picture of ours (`badges.ts`), never text from a visitor.
						dangerouslySetInnerHTML={{ __html: badgeIcons[badge.id] }}
					/>
					<span className="sr-only">{badge.name}</span>
				</li>
			))}
		</ul>
	);
}

interface RankingRowProps {
	t: TFunction;
	locale: Locale;
	entry: HeroEntry;
	rank: number;
	sort: RankingSort;
	profileHref: string;
}

/** One donor: rank, avatar, name and badges, and the figures (phones: see `cellOf`). */
export function RankingRow({ t, locale, entry, rank, sort, profileHref }: RankingRowProps) {
	const name = entry.user.name ?? t('impact.anonymous');
	const others = rankingColumns.filter((column) => column.sort !== sort);
	return (
		<tr>
			<td className="text-lg font-bold max-sm:px-2">{rank}</td>
			<td className="max-sm:w-full max-sm:max-w-0 max-sm:px-2">
				<div className="flex items-center gap-3">
					<div
						className={`max-sm:hidden ${entry.user.avatar ? 'avatar' : 'avatar avatar-placeholder'}`}
					>
						<div className="w-10 rounded-full bg-primary text-primary-content">
							{entry.user.avatar ? (
								<img src={entry.user.avatar} alt="" width={80} height={80} loading="lazy" />
							) : (
								<span aria-hidden="true">{name.trim().charAt(0).toUpperCase() || '?'}</span>
							)}
						</div>
					</div>
					<div className="min-w-0">
						<div className="flex items-center gap-2">
							<a href={profileHref} className="link truncate font-semibold link-hover">
								{name}
							</a>
							<Badges entry={entry} />
						</div>
						<dl className="sm:hidden">
							{others.map((column) => (
								<div key={column.sort} className="truncate">
									<dt className="inline">{t(column.label)}</dt>{' '}
									<dd className="inline font-semibold tabular-nums">
										{(column.short ?? column.value)(entry, locale)}
									</dd>
								</div>
							))}
						</dl>
					</div>
				</div>
			</td>
			{rankingColumns.map((column) => (
				<td
					key={column.sort}
					className={`text-right whitespace-nowrap tabular-nums ${column.sort === sort ? 'font-semibold' : ''} ${cellOf(column, sort)}`}
				>
					{column.short ? (
						<>
							<span className="sm:hidden">{column.short(entry, locale)}</span>
							<span className="max-sm:hidden">{column.value(entry, locale)}</span>
						</>
					) : (
						column.value(entry, locale)
					)}
				</td>
			))}
		</tr>
	);
}

/** The frame both the rankings and their placeholder sit in. */
export function RankingTable({ children, hidden }: { children: ReactNode; hidden?: boolean }) {
	return (
		<div className="overflow-x-auto rounded-box border border-base-300">
			<table className="table table-sm sm:table-md" aria-hidden={hidden || undefined}>
				{children}
			</table>
		</div>
	);
}

/**
 * Grey in place of a text, a little lower than its line: the line, not the grey, sets the
 * height, so it must sit in a line of text (not a flex row).
 */
function Placeholder({ width }: { width: string }) {
	return <span className={`skeleton inline-block h-[0.7lh] max-w-full align-middle ${width}`} />;
}

/**
 * A row as high as a `RankingRow`, line for line, so the page does not move when the rankings
 * arrive.
 */
export function RankingSkeletonRow({ sort }: { sort: RankingSort }) {
	return (
		<tr>
			<td className="text-lg font-bold max-sm:px-2">
				<Placeholder width="w-6" />
			</td>
			<td className="max-sm:w-full max-sm:max-w-0 max-sm:px-2">
				<div className="flex items-center gap-3">
					<div className="skeleton size-10 shrink-0 rounded-full max-sm:hidden" />
					<div className="min-w-0">
						<div>
							<Placeholder width="w-28" />
						</div>
						<div className="sm:hidden">
							<div>
								<Placeholder width="w-16" />
							</div>
							<div>
								<Placeholder width="w-24" />
							</div>
						</div>
					</div>
				</div>
			</td>
			{rankingColumns.map((column) => (
				<td key={column.sort} className={`text-right ${cellOf(column, sort)}`}>
					<Placeholder width="w-10" />
				</td>
			))}
		</tr>
	);
}
