import { sql } from 'drizzle-orm';
import { mediaUrl } from '~/server/storage';
import type { Database } from '~/server/db/client';
import { rowsOf } from '~/server/db/rows';
import { keptPerStamp } from '~/server/kept-per-stamp';
import { readPageVersion } from '~/server/page-versions';
import { type BadgeText, badgeIdsFor, buildBadges } from './badges';
import {
	type HeroEntry,
	jakartaPeriod,
	rankingLimits,
	type RankingsPage,
	type RankingsQuery,
	type SiteTotals,
} from './heroes';
import { allTimeRankedSql, donorImpactSql, rankingOrder, rankOf, roundKg } from './impact.server';

interface RankingRow {
	total: number;
	donor_id: string | null;
	position: number;
	total_donations: number;
	impact_score: number;
	kg_donated: number;
	last_donated_at: Date | string;
	podium_rank: number | null;
	name: string | null;
	avatar_key: string | null;
}

/** The options of `rankings()`; `now` picks the current month or year, for deterministic tests. */
export type RankingsOptions = RankingsQuery & { now?: Date };

/**
 * A page of the heroes rankings (docs/product-rules.md#rankings): donors with at least one donation in
 * the range, in the chosen order; `rank` is the position in that order. Badges are the
 * all-time podium (RANK_1–3) and VERIFIED, whatever the range and order.
 */
export async function rankings(
	db: Database,
	{ range, sort, page, limit, now = new Date() }: RankingsOptions,
	badgeText: BadgeText,
): Promise<RankingsPage> {
	const offset = (page - 1) * limit;
	const result = await db.execute(sql`
		with ranged as (
			select * from (${donorImpactSql(jakartaPeriod(range, now))}) as impact where ranked
		),
		podium as (
			select donor_id, rank from (${allTimeRankedSql()}) as all_time where rank <= 3
		),
		page as (
			select ranged.*, row_number() over (order by ${rankingOrder[sort]})::int as position
			from ranged
			order by position
			limit ${limit} offset ${offset}
		)
		select counted.total, page.*, podium.rank as podium_rank, users.name, users.avatar_key
		from (select count(*)::int as total from ranged) as counted
		left join page on true
		left join users on users.id = page.donor_id
		left join podium on podium.donor_id = page.donor_id
		order by page.position
	`);
	const rows = rowsOf<RankingRow>(result);
	const total = Number(rows[0]?.total ?? 0);
	const totalPages = Math.ceil(total / limit);
	const entries = rows
		.filter((row) => row.donor_id !== null)
		.map((row): HeroEntry => {
			const totalDonations = Number(row.total_donations);
			return {
				rank: Number(row.position),
				userId: row.donor_id!,
				totalDonations,
				impactScore: Number(row.impact_score),
				kgDonated: roundKg(row.kg_donated),
				lastDonatedAt: new Date(row.last_donated_at).toISOString(),
				user: { name: row.name, avatar: mediaUrl(row.avatar_key) },
				badges: buildBadges(badgeIdsFor(rankOf(row.podium_rank), totalDonations), badgeText),
			};
		});
	return {
		rankings: entries,
		meta: {
			currentPage: page,
			totalPages,
			hasNextPage: page < totalPages,
			hasPrevPage: page > 1,
			total,
		},
	};
}

/**
 * The top donors and the site's totals, kept per database for one public page version: home
 * shows them on each of its renders (one every few seconds per language under load), each read
 * weighs every confirmed hand-over, and only a write that raises that version changes them (see
 * `allTimeRanking`).
 */
const keptTop = keptPerStamp<HeroEntry[]>(1);
const keptTotals = keptPerStamp<SiteTotals>(1);

/** Reads `read` or its answer kept for the public page version (when there is one). */
async function keptForPublicVersion<Value>(
	kept: ReturnType<typeof keptPerStamp<Value>>,
	db: Database,
	read: () => Promise<Value>,
): Promise<Value> {
	const version = await readPageVersion(db, { kind: 'public' });
	return version === null ? read() : kept(db, version, 'all', read);
}

/** A badge's look without its text, which `topHeroes` gives in the reader's language. */
const untranslated: BadgeText = () => ({ name: '', description: '' });

/** `GET /heroes/top`: the first five of the all-time impact ranking. */
export async function topHeroes(db: Database, badgeText: BadgeText): Promise<HeroEntry[]> {
	const top = await keptForPublicVersion(keptTop, db, async () => {
		const page = await rankings(
			db,
			{ range: 'all', sort: 'impact', page: 1, limit: rankingLimits.topCount },
			untranslated,
		);
		return page.rankings;
	});
	return top.map((entry) => ({
		...entry,
		badges: buildBadges(
			entry.badges.map((badge) => badge.id),
			badgeText,
		),
	}));
}

/** Site-wide totals over the hand-overs impact counts, from the same rows as the rankings. */
export function siteTotals(db: Database): Promise<SiteTotals> {
	return keptForPublicVersion(keptTotals, db, () => readSiteTotals(db));
}

async function readSiteTotals(db: Database): Promise<SiteTotals> {
	const result = await db.execute(sql`
		select coalesce(sum(total_donations), 0)::int as items_given,
			coalesce(sum(kg_donated), 0)::float8 as kg_donated,
			count(*)::int as donors
		from (${donorImpactSql(null)}) as donors
	`);
	const [row] = rowsOf<{ items_given: number; kg_donated: number; donors: number }>(result);
	return {
		itemsGiven: Number(row?.items_given ?? 0),
		kgDonated: roundKg(row?.kg_donated),
		donors: Number(row?.donors ?? 0),
	};
}
