import { type SQL, sql } from 'drizzle-orm';
import { reliabilityLimits } from '~/config/limits';
import type { Database } from '~/server/db/client';
import { sqlStatement, unmappedRows } from '~/server/db/prepared';
import { noShowStands } from '~/features/requests/no-shows.server';
import { rowsOf } from '~/server/db/rows';
import { readPageVersion } from '~/server/page-versions';
import { keptPerStamp } from '~/server/kept-per-stamp';
import { type BadgeText, badgeIdsFor, buildBadges } from './badges';
import type { Badge, DonorStats, Period, RankingSort } from './heroes';

/**
 * Impact per donor over the hand-overs their receivers confirmed and that the collusion limits
 * let count (docs/product-rules.md#impact): donations counted, kg as Σ weight × given quantity,
 * score as Σ (10 × quantity + round(weight × quantity)). A donor's own "donated" toggle counts
 * for nothing here. With a period, only hand-overs made inside it count. Served by the partial
 * index `item_requests_impact_idx`. `ranked` is false for a donor who asked to be left out of
 * the rankings (`users.left_rankings_at`): the rankings leave them out, the site's totals do not.
 */
export function donorImpactSql(period: Period | null): SQL {
	const inPeriod = period
		? sql`and given.handed_over_at >= ${period.start.toISOString()}::timestamptz
			and given.handed_over_at < ${period.end.toISOString()}::timestamptz`
		: sql``;
	return sql`
		select given.donor_id,
			count(*)::int as total_donations,
			sum(items.weight * given.given_quantity)::float8 as kg_donated,
			sum(10 * given.given_quantity
				+ round((items.weight * given.given_quantity)::numeric))::int as impact_score,
			min(given.handed_over_at) as first_donated_at,
			max(given.handed_over_at) as last_donated_at,
			bool_and(donor.left_rankings_at is null) as ranked
		from item_requests as given
		join items on items.id = given.item_id
		join users as donor on donor.id = given.donor_id
		where given.state = 'confirmed' and given.counts_for_impact ${inPeriod}
		group by given.donor_id`;
}

/** Ties are broken by impact, then donations, then the earliest first donation, then user id. */
const tieBreakers = sql`impact_score desc, total_donations desc,
	first_donated_at asc nulls last, donor_id asc`;

/** The `order by` of each rankings sort; each falls back on the same tie-breakers. */
export const rankingOrder: Record<RankingSort, SQL> = {
	impact: tieBreakers,
	donations: sql`total_donations desc, ${tieBreakers}`,
	recent: sql`last_donated_at desc nulls last, ${tieBreakers}`,
};

/**
 * Every donor's all-time impact with `rank`, their all-time impact position among the ranked
 * donors (null for one who left the rankings). The one definition of rank: the rankings, the
 * podium badges and the public profile all read it.
 */
export function allTimeRankedSql(): SQL {
	return sql`
		select donors.*, case when ranked
			then row_number() over (partition by ranked order by ${rankingOrder.impact})::int
		end as rank
		from (${donorImpactSql(null)}) as donors`;
}

interface StatsRow {
	total_items: number;
	self_reported: number;
	handed_over_uncounted: number;
	received: number;
	pickups_completed: number;
	no_shows: number;
	donor_no_shows: number;
	hand_overs_completed: number;
	answered: number;
	/** Null when none was answered; a string or a number as the driver gives it. */
	median_answer_seconds: number | string | null;
}

/** A donor's place in the all-time ranking and the figures that put them there. */
interface RankedDonor {
	/** Null for a donor who left the rankings. */
	rank: number | null;
	totalDonations: number;
	impactScore: number;
	kgDonated: number;
}

/** The all-time ranking of each database as of one public page version (see `allTimeRanking`). */
const rankings = new WeakMap<
	Database,
	{ version: string; ranks: Promise<Map<string, RankedDonor>> }
>();

/**
 * Every donor's all-time rank, read once per process for each public page version: a rank
 * weighs every confirmed hand-over of every donor, and only a write that raises the version
 * (drizzle/0011_page_versions.sql: a hand-over confirmed, counted or taken back, an item's weight,
 * a member leaving the site or the rankings) can change it. The version is read first, so the ranking kept under it is
 * never older than it.
 */
async function allTimeRanking(db: Database): Promise<Map<string, RankedDonor>> {
	const version = await readPageVersion(db, { kind: 'public' });
	const kept = rankings.get(db);
	if (version !== null && kept?.version === version) return kept.ranks;
	const ranks = db
		.execute(
			sql`select donor_id, total_donations, impact_score, kg_donated, rank
				from (${allTimeRankedSql()}) as ranked`,
		)
		.then(
			(result) =>
				new Map(
					rowsOf<{
						donor_id: string;
						total_donations: number;
						impact_score: number;
						kg_donated: number;
						rank: number | null;
					}>(result).map((row) => [
						row.donor_id,
						{
							rank: rankOf(row.rank),
							totalDonations: Number(row.total_donations),
							impactScore: Number(row.impact_score),
							kgDonated: roundKg(row.kg_donated),
						},
					]),
				),
		);
	if (version !== null) {
		rankings.set(db, { version, ranks });
		ranks.catch(() => {
			if (rankings.get(db)?.ranks === ranks) rankings.delete(db);
		});
	}
	return ranks;
}

/** kg to one decimal, as shown everywhere. */
export function roundKg(kg: unknown): number {
	return Math.round(Number(kg ?? 0) * 10) / 10;
}

/** A rank read from the database: `null` stays `null` (no donations), anything else a number. */
export function rankOf(value: unknown): number | null {
	return value === null || value === undefined ? null : Number(value);
}

const person = sql.placeholder('userId');
/** The start of the record's window, 90 days back. */
const since = sql`${sql.placeholder('since')}::timestamptz`;
/** Not a no-show a moderator struck. */
const stands = noShowStands(sql`item_requests.id`);
/**
 * A request its donor answered, made within the window: reserved (its `reserved_at` is kept
 * after), or declined. One the receiver withdrew first was never theirs to answer.
 */
const answered = sql`created_at > ${since} and (reserved_at is not null or state = 'declined')`;

/** The median of a donor's times to answer (see `answered`), and how many it is the median of. */
const medianAnswer = sql`count(*) filter (where ${answered})::int as answered,
	percentile_cont(0.5) within group (
		order by extract(epoch from coalesce(reserved_at, closed_at) - created_at)
	) filter (where ${answered}) as median_answer_seconds`;

/**
 * A person's own counts as donor and receiver, beside the ranking's: read on every view of a
 * public profile, so prepared once per connection.
 */
const donorStatsStatement = sqlStatement(
	'donor_stats',
	sql`
		with own_items as (
			select count(*)::int as total_items,
				count(*) filter (where status = 'DONATED' and quantity > 0)::int as self_reported
			from items where donor_id = ${person}
		),
		as_donor as (
			select count(*) filter (
				where state = 'handedOver' or (state = 'confirmed' and not counts_for_impact)
			)::int as handed_over_uncounted,
				count(*) filter (
					where decline_reason = 'donorNoShow' and closed_at > ${since} and ${stands}
				)::int as donor_no_shows,
				count(*) filter (
					where state in ('handedOver', 'confirmed') and handed_over_at > ${since}
				)::int as hand_overs_completed,
				${medianAnswer}
			from item_requests where donor_id = ${person}
		),
		as_receiver as (
			select count(*) filter (where state = 'confirmed')::int as received,
				count(*) filter (
					where state in ('handedOver', 'confirmed') and handed_over_at > ${since}
				)::int as pickups_completed,
				count(*) filter (
					where (state = 'expired' or (state = 'declined' and decline_reason = 'noShow'))
						and closed_at > ${since} and ${stands}
				)::int as no_shows
			from item_requests where receiver_id = ${person}
		)
		select own_items.*, as_donor.*, as_receiver.*
		from own_items cross join as_donor cross join as_receiver
	`,
);

/** Minutes, once enough requests were answered to speak of a usual time (`answerTimeMinAnswered`). */
function answerMinutes(row: Pick<StatsRow, 'answered' | 'median_answer_seconds'> | undefined) {
	return Number(row?.answered ?? 0) >= reliabilityLimits.answerTimeMinAnswered
		? Math.round(Number(row!.median_answer_seconds) / 60)
		: null;
}

const answerTimeStatement = sqlStatement(
	'donor_answer_time',
	sql`select ${medianAnswer} from item_requests where donor_id = ${person}`,
);

/** How soon a donor usually answered a request in the last 90 days, for their items' pages. */
export async function donorAnswerMinutes(
	db: Database,
	userId: string,
	now = new Date(),
): Promise<number | null> {
	const since = new Date(now.getTime() - reliabilityLimits.recordWindowMs).toISOString();
	const [row] = await unmappedRows<StatsRow>(answerTimeStatement(db), { userId, since });
	return answerMinutes(row);
}

const answerMinutesKept = keptPerStamp<number | null>(10_000);

/**
 * `donorAnswerMinutes` for an item's page, read once a minute per donor: a usual time over 90 days
 * barely moves in a minute, and every visitor of a donor's items would otherwise read it again.
 */
export function keptDonorAnswerMinutes(
	db: Database,
	userId: string,
	now = new Date(),
): Promise<number | null> {
	const minute = String(Math.floor(now.getTime() / 60_000));
	return answerMinutesKept(db, minute, userId, () => donorAnswerMinutes(db, userId, now));
}

/**
 * A member's stats and badges for the public profile; `rank` is null without donations. Beside
 * impact, `givings` shows what impact leaves out (docs/product-rules.md#public-profile): hand-overs
 * not confirmed or not counted, and items marked donated by the toggle with something left that no
 * hand-over took; as a receiver, what they received and how reliably they came; and, as a donor,
 * the reservations ended in the last 90 days because they did not answer or were not there.
 */
export async function donorStats(
	db: Database,
	userId: string,
	badgeText: BadgeText,
	now = new Date(),
): Promise<{ stats: DonorStats; badges: Badge[] }> {
	const since = new Date(now.getTime() - reliabilityLimits.recordWindowMs).toISOString();
	const [[row], ranking] = await Promise.all([
		unmappedRows<StatsRow>(donorStatsStatement(db), { userId, since }),
		allTimeRanking(db),
	]);
	const ranked = ranking.get(userId);
	const totalDonations = ranked?.totalDonations ?? 0;
	const rank = ranked?.rank ?? null;
	return {
		stats: {
			rank,
			totalDonations,
			totalItems: Number(row?.total_items ?? 0),
			impactScore: ranked?.impactScore ?? 0,
			kgDonated: ranked?.kgDonated ?? 0,
			givings: {
				givenConfirmed: totalDonations,
				givenUnconfirmed: Number(row?.handed_over_uncounted ?? 0) + Number(row?.self_reported ?? 0),
				received: Number(row?.received ?? 0),
				pickupsCompleted: Number(row?.pickups_completed ?? 0),
				noShows: Number(row?.no_shows ?? 0),
				donorNoShows: Number(row?.donor_no_shows ?? 0),
				handOversCompleted: Number(row?.hand_overs_completed ?? 0),
				answerMinutes: answerMinutes(row),
			},
		},
		badges: buildBadges(badgeIdsFor(rank, totalDonations), badgeText),
	};
}
