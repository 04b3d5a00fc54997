/** How long ago something happened, in words (docs/product-rules.md#formatting). */

import { type Locale, localeTags } from './i18n/locales';

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/**
 * The calendar date in Jakarta, as `2026-11-22`: days are counted as Jakarta turns them. Made on
 * first use, as building an `Intl` formatter is slow.
 */
let jakartaDay: Intl.DateTimeFormat | undefined;
function jakartaDayOf(date: Date): string {
	jakartaDay ??= new Intl.DateTimeFormat('en-CA', {
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		timeZone: 'Asia/Jakarta',
	});
	return jakartaDay.format(date);
}

const formatters = new Map<Locale, Intl.RelativeTimeFormat>();

function relativeTime(locale: Locale): Intl.RelativeTimeFormat {
	let formatter = formatters.get(locale);
	if (!formatter) {
		formatter = new Intl.RelativeTimeFormat(localeTags[locale], { numeric: 'auto' });
		formatters.set(locale, formatter);
	}
	return formatter;
}

/** Whole Jakarta calendar days from `then` to `now`: 23:50 to 00:10 the next day is one. */
function jakartaDaysBetween(then: Date, now: Date): number {
	const day = (date: Date) => Date.parse(jakartaDayOf(date));
	return Math.round((day(now) - day(then)) / dayMs);
}

/**
 * `date` as "5 menit yang lalu" / "5 minutes ago": "sekarang" / "now" within a minute, then
 * minutes, hours, and from a day on Jakarta calendar days ("kemarin" / "yesterday"), weeks,
 * months and years. A time ahead of `now` (a clock running behind) counts as now.
 */
export function formatTimeAgo(date: Date | string, locale: Locale, now = new Date()): string {
	const then = new Date(date);
	const format = relativeTime(locale);
	const minutes = Math.floor((now.getTime() - then.getTime()) / minuteMs);
	if (minutes < 1) return format.format(0, 'second');
	if (minutes < 60) return format.format(-minutes, 'minute');
	if (minutes < 24 * 60) return format.format(-Math.floor(minutes / 60), 'hour');
	const days = Math.max(1, jakartaDaysBetween(then, now));
	if (days < 7) return format.format(-days, 'day');
	if (days < 30) return format.format(-Math.floor(days / 7), 'week');
	if (days < 365) return format.format(-Math.floor(days / 30), 'month');
	return format.format(-Math.floor(days / 365), 'year');
}
