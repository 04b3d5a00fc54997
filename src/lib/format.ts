/**
 * Formatting of money and dates: dates in the page's language, always in Jakarta time; money and
 * numbers the Indonesian way (docs/product-rules.md#formatting).
 *
 * Numbers, rupiah and dates are written here from tables rather than by `Intl`: a phone's first
 * `Intl.NumberFormat` costs it 40–90 ms (and the first `DateTimeFormat` 5–25 ms) of a throttled
 * main thread while ICU loads its data, inside whatever render first shows a figure. The tables
 * give `Intl`'s own output, which `format.test.ts` checks against `Intl` value for value; the
 * rarer formats (times, weekdays, durations) still use `Intl`, made on first use.
 */

import type { Locale } from './i18n/locales';

const timeZone = 'Asia/Jakarta';

/**
 * A formatter made on first use and kept: building an `Intl` formatter is slow (a phone spends
 * tens of milliseconds on each), and a page uses only a few of them, if any.
 */
function once<F>(make: () => F): () => F {
	let made: F | undefined;
	return () => (made ??= make());
}

/**
 * `value` rounded to `fractionDigits` as `Intl` rounds (half away from zero, on the shortest
 * decimal that reads back as `value`, so 1.15 → 1.2), as its integer and fraction digits with
 * the fraction's trailing zeros dropped; undefined where the plain digits of `toString` do not
 * apply (negative, not finite, 10^15 or more, or so small it is written with an exponent).
 */
function roundedDigits(
	value: number,
	fractionDigits: number,
): { integer: string; fraction: string } | undefined {
	if (!(value >= 0 && value < 1e15) || Object.is(value, -0)) return undefined;
	const written = String(value);
	if (written.includes('e')) return undefined;
	const [integer = '0', fraction = ''] = written.split('.');
	const kept = fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0');
	const roundsUp = (fraction[fractionDigits] ?? '0') >= '5';
	const scaled = BigInt(integer + kept) + (roundsUp ? 1n : 0n);
	const digits = scaled.toString().padStart(fractionDigits + 1, '0');
	const split = digits.length - fractionDigits;
	return {
		integer: digits.slice(0, split),
		fraction: digits.slice(split).replace(/0+$/, ''),
	};
}

/** `1234567` → `1.234.567`: Indonesian groups thousands with dots. */
function groupThousands(integer: string): string {
	return integer.replace(/\B(?=(\d{3})+$)/g, '.');
}

/** The Indonesian way with a decimal comma, or undefined where `roundedDigits` is. */
function indonesianNumber(value: number, fractionDigits: number): string | undefined {
	const digits = roundedDigits(value, fractionDigits);
	if (!digits) return undefined;
	const integer = groupThousands(digits.integer);
	return digits.fraction ? `${integer},${digits.fraction}` : integer;
}

const rupiah = once(
	() =>
		new Intl.NumberFormat('id-ID', {
			style: 'currency',
			currency: 'IDR',
			maximumFractionDigits: 0,
		}),
);

/**
 * The `Intl` tag dates are written in per language: English writes the day before the month
 * (`1 December 2026`), as the British do, rather than the American `December 1, 2026`.
 */
const dateTags: Record<Locale, string> = { id: 'id-ID', en: 'en-GB' };

/** One formatter per language, each made on first use (`once`). */
function perLocale(make: (locale: Locale) => Intl.DateTimeFormat) {
	const made: Record<Locale, () => Intl.DateTimeFormat> = {
		id: once(() => make('id')),
		en: once(() => make('en')),
	};
	return (locale: Locale) => made[locale]();
}

const longDate = perLocale(
	(locale) =>
		new Intl.DateTimeFormat(dateTags[locale], {
			day: 'numeric',
			month: 'long',
			year: 'numeric',
			timeZone,
		}),
);

const shortDate = perLocale(
	(locale) =>
		new Intl.DateTimeFormat(dateTags[locale], {
			day: 'numeric',
			month: 'short',
			year: 'numeric',
			timeZone,
		}),
);

/** Indonesian writes `15.58` on a 24-hour clock, English `3:58 PM`. */
const time = perLocale((locale) =>
	locale === 'id'
		? new Intl.DateTimeFormat('id-ID', {
				hour: '2-digit',
				minute: '2-digit',
				hourCycle: 'h23',
				timeZone,
			})
		: new Intl.DateTimeFormat('en-US', {
				hour: 'numeric',
				minute: '2-digit',
				hour12: true,
				timeZone,
			}),
);

const number = once(() => new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 }));

const yearOnly = once(() => new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }));

/** Jakarta has kept UTC+7, with no daylight saving, since 1964: its calendar is UTC's, 7 hours on. */
const jakartaOffsetMs = 7 * 60 * 60_000;
const jakartaFixedSince = Date.UTC(1964, 0, 1) - jakartaOffsetMs;

/** The months as `Intl` writes them in a date: long, and short where a phone has less room. */
const monthNames: Record<Locale, Record<'long' | 'short', readonly string[]>> = {
	id: {
		long: [
			'Januari',
			'Februari',
			'Maret',
			'April',
			'Mei',
			'Juni',
			'Juli',
			'Agustus',
			'September',
			'Oktober',
			'November',
			'Desember',
		],
		short: ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'],
	},
	en: {
		long: [
			'January',
			'February',
			'March',
			'April',
			'May',
			'June',
			'July',
			'August',
			'September',
			'October',
			'November',
			'December',
		],
		short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
	},
};

/**
 * The day, month (0–11) and year in Jakarta at `date`; undefined before 1964, when Jakarta's
 * offset was another. A date that is not one throws, as `Intl` does.
 */
function jakartaDay(date: Date | string | number) {
	const time = new Date(date).getTime();
	if (Number.isNaN(time)) throw new RangeError('Invalid time value');
	if (time < jakartaFixedSince) return undefined;
	const there = new Date(time + jakartaOffsetMs);
	return { day: there.getUTCDate(), month: there.getUTCMonth(), year: there.getUTCFullYear() };
}

const dateFormats = { long: longDate, short: shortDate };

/** `1 Desember 2026` / `19 Okt 2026`: the day, the month by `month`, the year, in Jakarta. */
function formatDay(date: Date | string | number, locale: Locale, month: 'long' | 'short'): string {
	const day = jakartaDay(date);
	if (!day) return dateFormats[month](locale).format(new Date(date));
	return `${day.day} ${monthNames[locale][month][day.month]} ${day.year}`;
}

/** `25000` → `Rp 25.000` (with a no-break space, so it never wraps). */
export function formatRupiah(amount: number): string {
	const digits = indonesianNumber(amount, 0);
	return digits === undefined ? rupiah().format(amount) : `Rp\u00a0${digits}`;
}

/** `2026-12-01` → `1 Desember 2026` in Indonesian, `1 December 2026` in English. */
export function formatDate(date: Date | string | number, locale: Locale): string {
	return formatDay(date, locale, 'long');
}

/** `2026-10-19` → `19 Okt 2026` / `19 Oct 2026`, where a phone has no room for the month's name. */
export function formatShortDate(date: Date | string | number, locale: Locale): string {
	return formatDay(date, locale, 'short');
}

/** `2026-12-01T08:58:00Z` → `15.58` / `3:58 PM`: the hour and minute in Jakarta (WIB). */
export function formatTime(date: Date | string | number, locale: Locale): string {
	return time(locale).format(new Date(date));
}

// Pure: pages that show no time window (the item page) leave it out of their script.
const dayOfWeek = /* @__PURE__ */ perLocale(
	(locale) =>
		new Intl.DateTimeFormat(dateTags[locale], {
			weekday: 'short',
			day: 'numeric',
			month: 'short',
			timeZone,
		}),
);

/**
 * A time window in Jakarta: `Sel, 1 Des, 16.00–18.00` / `Tue, 1 Dec, 4:00 PM–6:00 PM`, the day
 * written again when it ends on the next one.
 */
export function formatTimeWindow(
	from: Date | string | number,
	until: Date | string | number,
	locale: Locale,
): string {
	const [start, end] = [
		dayOfWeek(locale).format(new Date(from)),
		dayOfWeek(locale).format(new Date(until)),
	];
	const first = `${start}, ${formatTime(from, locale)}`;
	return start === end
		? `${first}–${formatTime(until, locale)}`
		: `${first} – ${end}, ${formatTime(until, locale)}`;
}

/** The year it is in Jakarta at `date`: a new year starts there 7 hours before it does in UTC. */
export function jakartaYear(date: Date = new Date()): number {
	return jakartaDay(date)?.year ?? Number(yearOnly().format(date));
}

/** `1234.5` → `1.234,5`, for weights and counts. */
export function formatNumber(value: number): string {
	return indonesianNumber(value, 1) ?? number().format(value);
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
