import type { Badge } from '~/features/profiles/profiles';

type BadgeId = Badge['id'];

/** How each badge looks; names and descriptions come from `impact.badges.*`. */
export const badgeLooks: Record<BadgeId, { icon: string; style: string }> = {
	RANK_1: { icon: '🥇', style: 'gold' },
	RANK_2: { icon: '🥈', style: 'silver' },
	RANK_3: { icon: '🥉', style: 'bronze' },
	VERIFIED: { icon: '✅', style: 'verified' },
};

/** The badges of a donor: a podium badge for all-time ranks 1–3, VERIFIED after a donation. */
export function badgeIdsFor(rank: number | null, totalDonations: number): BadgeId[] {
	const ids: BadgeId[] = [];
	if (rank !== null && rank >= 1 && rank <= 3) ids.push(`RANK_${rank}` as BadgeId);
	if (totalDonations > 0) ids.push('VERIFIED');
	return ids;
}

/** Translated name and description of a badge. */
export type BadgeText = (id: BadgeId) => { name: string; description: string };

export function buildBadges(ids: BadgeId[], text: BadgeText): Badge[] {
	return ids.map((id) => ({ id, ...badgeLooks[id], ...text(id) }));
}
