/** How a member's record reads on their public profile and on their items. Safe in the browser. */
import type { TFunction } from 'i18next';
import type { Givings } from '~/features/heroes/heroes';

const hour = 60;
const day = 24 * hour;

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

/**
 * A donor's usual time to answer a request, rounded up to what a person would say: "usually
 * answers within an hour", "within 5 hours", "within 2 days". Null without enough answers.
 */
export function answerTime(minutes: number | null, t: TFunction): string | null {
	if (minutes === null) return null;
	if (minutes <= hour) return t('profile.givings.answersWithinHour');
	if (minutes < day)
		return t('profile.givings.answersWithinHours', { count: Math.ceil(minutes / hour) });
	return t('profile.givings.answersWithinDays', { count: Math.ceil(minutes / day) });
}

/**
 * How a member keeps their word as a donor: "8 hand-overs completed · 1 no-show · usually answers
 * within 2 hours", or "No hand-overs yet".
 */
export function donorRecord(
	{
		handOversCompleted,
		donorNoShows,
		answerMinutes,
	}: Pick<Givings, 'handOversCompleted' | 'donorNoShows' | 'answerMinutes'>,
	t: TFunction,
): string {
	const parts = [
		handOversCompleted > 0
			? t('profile.givings.handOversCompleted', { count: handOversCompleted })
			: t('profile.givings.noHandOversYet'),
	];
	if (donorNoShows > 0) parts.push(t('profile.givings.noShows', { count: donorNoShows }));
	const answers = answerTime(answerMinutes, t);
	if (answers) parts.push(answers);
	return parts.join(' · ');
}
