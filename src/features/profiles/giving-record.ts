/** How a member's record reads on their public profile. Safe in the browser. */
import type { TFunction } from 'i18next';
import type { Givings } from '~/features/heroes/heroes';

/**
 * How reliably a member collects what they asked for, each number named: "13 pickups completed ·
 * 1 no-show", "2 pickups completed · never missed one", or "No pickups yet" rather than "0 · 0".
 */
export function pickupRecord(
	{ pickupsCompleted, noShows }: Pick<Givings, 'pickupsCompleted' | 'noShows'>,
	t: TFunction,
): string {
	const pickups =
		pickupsCompleted > 0
			? t('profile.givings.pickupsCompleted', { count: pickupsCompleted })
			: t('profile.givings.noPickupsYet');
	if (noShows > 0) return `${pickups} · ${t('profile.givings.noShows', { count: noShows })}`;
	return pickupsCompleted > 0 ? `${pickups} · ${t('profile.givings.neverMissed')}` : pickups;
}
