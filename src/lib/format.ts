/** Formatting of money and dates: Indonesian conventions, Jakarta time (docs/product-rules.md#formatting). */

import type { Locale } from './i18n/locales';

const timeZone = 'Asia/Jakarta';

const rupiah = new Intl.NumberFormat('id-ID', {
	style: 'currency',
	currency: 'IDR',
	maximumFractionDigits: 0,
});

const longDate = new Intl.DateTimeFormat('id-ID', {
	day: 'numeric',
	month: 'long',
	year: 'numeric',
	timeZone,
});

const shortDate = new Intl.DateTimeFormat('id-ID', {
	day: 'numeric',
	month: 'short',
	year: 'numeric',
	timeZone,
});

const time = new Intl.DateTimeFormat('id-ID', {
	hour: '2-digit',
	minute: '2-digit',
	hourCycle: 'h23',
	timeZone,
});

const monthYear = new Intl.DateTimeFormat('id-ID', { month: 'long', year: 'numeric', timeZone });

const number = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });

const yearOnly = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone });

/** `25000` → `Rp 25.000` (with a no-break space, so it never wraps). */
export function formatRupiah(amount: number): string {
	return rupiah.format(amount);
}

/** `2026-11-22` → `22 November 2026`. */
export function formatDate(date: Date | string | number): string {
	return longDate.format(new Date(date));
}

/** `2026-11-22` → `22 Nov 2026`, where a phone has no room for the month's full name. */
export function formatShortDate(date: Date | string | number): string {
	return shortDate.format(new Date(date));
}

/** `2026-11-22T07:05:00Z` → `14.05`: the hour and minute in Jakarta (WIB), Indonesian style. */
export function formatTime(date: Date | string | number): string {
	return time.format(new Date(date));
}

/** `2026-11-22` → `November 2026`, for "joined" lines. */
export function formatMonthYear(date: Date | string | number): string {
	return monthYear.format(new Date(date));
}

/** The year it is in Jakarta at `date`: a new year starts there 7 hours before it does in UTC. */
export function jakartaYear(date: Date = new Date()): number {
	return Number(yearOnly.format(date));
}

/** `1234.5` → `1.234,5`, for weights and counts. */
export function formatNumber(value: number): string {
	return number.format(value);
}

/**
 * How long someone has to wait, in whole minutes rounded up and in hours past the hour:
 * `900` → `15 menit`, `5400` → `1 jam, 30 menit` (`1 hour, 30 minutes` in English).
 */
export function formatWait(seconds: number, locale: Locale): string {
	const minutes = Math.max(1, Math.ceil(seconds / 60));
	return new Intl.DurationFormat(locale, { style: 'long' }).format({
		hours: Math.floor(minutes / 60),
		minutes: minutes % 60,
	});
}
