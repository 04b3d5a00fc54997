import type { TFunction } from 'i18next';
import type { Badge } from './heroes';

type BadgeId = Badge['id'];

/**
 * How each badge looks; names and descriptions come from `impact.badges.*`. `icon` is the
 * API's emoji for clients that draw text; pages draw `badgeIcons` instead.
 */
export const badgeLooks: Record<BadgeId, { icon: string; style: string }> = {
	RANK_1: { icon: '🥇', style: 'gold' },
	RANK_2: { icon: '🥈', style: 'silver' },
	RANK_3: { icon: '🥉', style: 'bronze' },
	VERIFIED: { icon: '✅', style: 'verified' },
};

/** The digits 1–3 as strokes: drawn, not typed, so the picture holds no text. */
const digits = {
	1: 'M8.9 10.3 10.3 9.2v6.3',
	2: 'M8.3 10.4c.3-.8 1-1.2 1.8-1.2 1 0 1.7.6 1.7 1.5 0 .8-.6 1.4-1.3 2l-2.2 2.1h3.6',
	3: 'M8.4 9.4h3.2l-1.7 2c1.1 0 1.9.6 1.9 1.5 0 1-.8 1.6-1.8 1.6-.7 0-1.3-.3-1.6-.8',
} as const;

/** A medal on a ribbon with its place on it, in the colours of its metal. */
function medal(place: keyof typeof digits, metal: string, rim: string, ink: string): string {
	return (
		`<path d="M4.5 1h4l2.8 6.5h-4zM15.5 1h-4L8.7 7.5h4z" fill="#2f6fb8"/>` +
		`<circle cx="10" cy="12.6" r="6.6" fill="${metal}" stroke="${rim}" stroke-width="1.2"/>` +
		`<path d="${digits[place]}" fill="none" stroke="${ink}" stroke-width="1.4" ` +
		`stroke-linecap="round" stroke-linejoin="round"/>`
	);
}

const icon = (shapes: string) =>
	`<svg viewBox="0 0 20 20" width="16" height="16" class="size-[1.15em] shrink-0" ` +
	`aria-hidden="true" focusable="false">${shapes}</svg>`;

/**
 * Each badge's picture as inline SVG markup (a few hundred bytes): emoji medals are missing
 * from many systems' fonts, which show an empty box instead. Hidden from assistive technology;
 * the badge's name beside it, or in its tooltip, is the label.
 */
export const badgeIcons: Record<BadgeId, string> = {
	RANK_1: icon(medal(1, '#f5c542', '#a77b00', '#4a3300')),
	RANK_2: icon(medal(2, '#d3dae2', '#74808d', '#1f2933')),
	RANK_3: icon(medal(3, '#e0965a', '#8f4f1c', '#3b1d08')),
	VERIFIED: icon(
		`<circle cx="10" cy="10" r="9" fill="#047857"/>` +
			`<path d="m5.8 10.3 2.8 2.8 5.6-6" fill="none" stroke="#fff" stroke-width="2.2" ` +
			`stroke-linecap="round" stroke-linejoin="round"/>`,
	),
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
