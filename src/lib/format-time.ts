/**
 * Times and pickup windows in Jakarta, from tables as the dates in `format.ts` are (the reason is
 * there); apart from it, so pages that show no time leave this out of their script.
 */

import { inJakarta, monthName } from './format';
import type { Locale } from './i18n/locales';

/** The weekdays as `Intl` writes them short, Sunday first. */
const weekdays: Record<Locale, string[]> = {
	id: 'Min Sen Sel Rab Kam Jum Sab'.split(' '),
	en: 'Sun Mon Tue Wed Thu Fri Sat'.split(' '),
};

/** `Sel, 1 Des` / `Tue 1 Dec`: the weekday, the day and the short month, in Jakarta. */
function formatWeekday(date: Date | string | number, locale: Locale): string {
	const there = inJakarta(date);
	const weekday = weekdays[locale][there.getUTCDay()]!;
	return `${weekday}${locale === 'id' ? ',' : ''} ${there.getUTCDate()} ${monthName(locale, there.getUTCMonth(), true)}`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `2026-12-01T08:58:00Z` → `15.58` / `3:58 PM`: the hour and minute in Jakarta (WIB). */
export function formatTime(date: Date | string | number, locale: Locale): string {
	const there = inJakarta(date);
	const [hour, minutes] = [there.getUTCHours(), twoDigits(there.getUTCMinutes())];
	return locale === 'id'
		? `${twoDigits(hour)}.${minutes}`
		: `${hour % 12 || 12}:${minutes} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * A time window in Jakarta: `Sel, 1 Des, 16.00–18.00` / `Tue 1 Dec, 4:00 PM–6:00 PM`, the day
 * written again when it ends on the next one.
 */
export function formatTimeWindow(
	from: Date | string | number,
	until: Date | string | number,
	locale: Locale,
): string {
	const [start, end] = [formatWeekday(from, locale), formatWeekday(until, locale)];
	const first = `${start}, ${formatTime(from, locale)}`;
	return start === end
		? `${first}–${formatTime(until, locale)}`
		: `${first} – ${end}, ${formatTime(until, locale)}`;
}
