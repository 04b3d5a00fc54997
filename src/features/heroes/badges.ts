import type { TFunction } from 'i18next';
import type { Badge } from './heroes';

type BadgeId = Badge['id'];

/** How each badge looks; names and descriptions come from `impact.badges.*`. */
export const badgeLooks: Record<BadgeId, { icon: string; style: string }> = {
	RANK_1: { icon: '🥇', style: 'gold' },
	RANK_2: { icon: '🥈', style: 'silver' },
	RANK_3: { icon: '🥉', style: 'bronze' },
	VERIFIED: { icon: '✅', style: 'verified' },
};

/**
 * The colours of each badge style, shared by the server-rendered list and the browser-built
 * ones (top donors, rankings) so a badge looks the same everywhere.
 */
export const badgeClasses: Record<string, string> = {
	gold: 'bg-amber-100 text-amber-950 border-amber-400',
	silver: 'bg-slate-100 text-slate-900 border-slate-400',
	bronze: 'bg-orange-100 text-orange-950 border-orange-400',
	verified: 'bg-emerald-50 text-emerald-950 border-emerald-500',
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

/** Full badges (look and text) for the given ids, in order. */
/** Badge names and descriptions from `impact.badges.*` in the translator's language. */
export function badgeTextOf(t: TFunction): BadgeText {
	return (id) => ({
		name: t(`impact.badges.${id}.name`),
		description: t(`impact.badges.${id}.description`),
	});
}

export function buildBadges(ids: BadgeId[], text: BadgeText): Badge[] {
	return ids.map((id) => ({ id, ...badgeLooks[id], ...text(id) }));
}
