/**
 * Formatting of money and dates: dates in the page's language, always in Jakarta time; money and
 * numbers the Indonesian way (docs/product-rules.md#formatting).
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

/** `25000` → `Rp 25.000` (with a no-break space, so it never wraps). */
export function formatRupiah(amount: number): string {
	return rupiah().format(amount);
}

/** `2026-12-01` → `1 Desember 2026` in Indonesian, `1 December 2026` in English. */
export function formatDate(date: Date | string | number, locale: Locale): string {
	return longDate(locale).format(new Date(date));
}

/** `2026-10-19` → `19 Okt 2026` / `19 Oct 2026`, where a phone has no room for the month's name. */
export function formatShortDate(date: Date | string | number, locale: Locale): string {
	return shortDate(locale).format(new Date(date));
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
	return Number(yearOnly().format(date));
}

/** `1234.5` → `1.234,5`, for weights and counts. */
export function formatNumber(value: number): string {
	return number().format(value);
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
