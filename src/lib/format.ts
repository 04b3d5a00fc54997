/** Formatting of money and dates: Indonesian conventions, Jakarta time (design.md, "Time"). */

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

const monthYear = new Intl.DateTimeFormat('id-ID', { month: 'long', year: 'numeric', timeZone });

const number = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });

/** `25000` → `Rp 25.000` (with a no-break space, so it never wraps). */
export function formatRupiah(amount: number): string {
	return rupiah.format(amount);
}

/** `2026-11-22` → `22 November 2026`. */
export function formatDate(date: Date | string | number): string {
	return longDate.format(new Date(date));
}

/** `2026-11-22` → `November 2026`, for "joined" lines. */
export function formatMonthYear(date: Date | string | number): string {
	return monthYear.format(new Date(date));
}

/** `1234.5` → `1.234,5`, for weights and counts. */
export function formatNumber(value: number): string {
	return number.format(value);
}
