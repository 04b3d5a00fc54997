/**
 * Formatting of money and dates: dates in the page's language, always in Jakarta time; money and
 * numbers the Indonesian way (docs/product-rules.md#formatting).
 *
 * Numbers, rupiah, dates and times are written here from tables rather than by `Intl`: a phone's
 * first `Intl.NumberFormat` costs it 40–90 ms (and the first `DateTimeFormat` 5–25 ms) of a
 * throttled main thread while ICU loads its data, inside whatever render first shows a figure.
 * The tables give `Intl`'s own output, which `format.test.ts` checks against `Intl` value for
 * value; only the rare wait (`formatWait`) asks `Intl`. Times are in `format-time.ts`.
 */

import type { Locale } from './i18n/locales';

/**
 * `value` the Indonesian way (`1.234,5`), in rupiah after its sign if asked, rounded to `digits`
 * decimals as `Intl` rounds: half away from zero, on the shortest decimal that reads back as
 * `value` (1.15 → 1,2), which is what `Math.round` gives of that decimal moved by an exponent.
 * What no count, weight or amount reaches (not a finite number, 9 × 10^14 and more, or less than
 * a millionth) is written as JavaScript writes it, and −0 as 0.
 */
function indonesian(value: number, digits: number, rupiah = false): string {
	const scaled = Math.round(Number(`${Math.abs(value)}e${digits}`));
	if (!Number.isSafeInteger(scaled)) return String(value);
	const sign = value < 0 ? '-' : '';
	const unit = 10 ** digits;
	const whole = String(Math.floor(scaled / unit)).replace(/\B(?=(\d{3})+$)/g, '.');
	const fraction = String(scaled % unit)
		.padStart(digits, '0')
		.replace(/0+$/, '');
	return sign + (rupiah ? 'Rp\u00a0' : '') + (fraction ? `${whole},${fraction}` : whole);
}

/** Jakarta has kept UTC+7, with no daylight saving, since 1964: its calendar is UTC's, 7 hours on. */
const jakartaOffsetMs = 7 * 60 * 60_000;

/** The months as `Intl` writes them in a date; a short month is its first letters. */
const names: Record<Locale, { months: string[] }> = {
	id: {
		months:
			'Januari Februari Maret April Mei Juni Juli Agustus September Oktober November Desember'.split(
				' ',
			),
	},
	en: {
		months:
			'January February March April May June July August September October November December'.split(
				' ',
			),
	},
};

/**
 * `date` moved to Jakarta's clock: its UTC fields are Jakarta's day and time (an earlier offset's
 * dates, before 1964, as if it were UTC+7 too). A date that is not one throws, as `Intl` does.
 */
export function inJakarta(date: Date | string | number): Date {
	const time = new Date(date).getTime();
	if (Number.isNaN(time)) throw new RangeError('Invalid time value');
	return new Date(time + jakartaOffsetMs);
}

/** A month's name, or its short form: three letters, and British English's `Sept`. */
export function monthName(locale: Locale, month: number, short: boolean): string {
	const name = names[locale].months[month]!;
	return short ? name.slice(0, locale === 'en' && month === 8 ? 4 : 3) : name;
}

/** `1 Desember 2026` / `19 Okt 2026`: the day, the month, the year, in Jakarta. */
function formatDay(date: Date | string | number, locale: Locale, short: boolean): string {
	const there = inJakarta(date);
	return `${there.getUTCDate()} ${monthName(locale, there.getUTCMonth(), short)} ${there.getUTCFullYear()}`;
}

/** `25000` → `Rp 25.000` (with a no-break space, so it never wraps). */
export function formatRupiah(amount: number): string {
	return indonesian(amount, 0, true);
}

/** `2026-12-01` → `1 Desember 2026` in Indonesian, `1 December 2026` in English. */
export function formatDate(date: Date | string | number, locale: Locale): string {
	return formatDay(date, locale, false);
}

/** `2026-10-19` → `19 Okt 2026` / `19 Oct 2026`, where a phone has no room for the month's name. */
export function formatShortDate(date: Date | string | number, locale: Locale): string {
	return formatDay(date, locale, true);
}

/** The year it is in Jakarta at `date`: a new year starts there 7 hours before it does in UTC. */
export function jakartaYear(date: Date = new Date()): number {
	return inJakarta(date).getUTCFullYear();
}

/** `1234.5` → `1.234,5`, for weights and counts. */
export function formatNumber(value: number): string {
	return indonesian(value, 1);
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
