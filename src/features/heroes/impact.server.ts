import { sql } from 'drizzle-orm';
import type { PublicProfile } from '~/features/profiles/profiles';
import type { Database } from '~/server/db/client';
import { rowsOf } from '~/server/db/rows';
import { type BadgeText, badgeIdsFor, buildBadges } from './badges';

interface StatsRow {
	total_items: number;
	total_donations: number | null;
	impact_score: number | null;
	kg_donated: number | null;
	rank: number | null;
}

/**
 * Impact over items marked DONATED (design.md, "Impact"): donations counted, kg as
 * Σ weight × quantity, score as Σ (10 × quantity + round(weight × quantity)). The rank is the
 * all-time position: impact, then donations, then earliest first donation, then user id.
 */
export async function donorStats(
	db: Database,
	userId: string,
	badgeText: BadgeText,
): Promise<Pick<PublicProfile, 'stats' | 'badges'>> {
	const result = await db.execute(sql`
		with donors as (
			select donor_id,
				count(*)::int as total_donations,
				sum(weight * quantity)::float8 as kg_donated,
				sum(10 * quantity + round((weight * quantity)::numeric))::int as impact_score,
				min(donated_at) as first_donated_at
			from items where status = 'DONATED'
			group by donor_id
		), ranked as (
			select *, row_number() over (
				order by impact_score desc, total_donations desc, first_donated_at asc, donor_id asc
			)::int as rank
			from donors
		)
		select
			(select count(*)::int from items where donor_id = ${userId}) as total_items,
			ranked.total_donations, ranked.impact_score, ranked.kg_donated, ranked.rank
		from (select 1) as one
		left join ranked on ranked.donor_id = ${userId}
	`);
	const [row] = rowsOf<StatsRow>(result);
	const totalDonations = Number(row?.total_donations ?? 0);
	const rank = row?.rank === null || row?.rank === undefined ? null : Number(row.rank);
	return {
		stats: {
			rank,
			totalDonations,
			totalItems: Number(row?.total_items ?? 0),
			impactScore: Number(row?.impact_score ?? 0),
			kgDonated: Math.round(Number(row?.kg_donated ?? 0) * 10) / 10,
		},
		badges: buildBadges(badgeIdsFor(rank, totalDonations), badgeText),
	};
}
