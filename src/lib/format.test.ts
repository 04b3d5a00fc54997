import { describe, expect, it } from 'vitest';
import {
	formatDate,
	jakartaYear,
	formatNumber,
	formatRupiah,
	formatShortDate,
	formatWait,
} from './format';
import { formatTime, formatTimeWindow } from './format-time';

const nbsp = '\u00a0';

describe('formatRupiah', () => {
	it('writes rupiah with dots between thousands and no decimals', () => {
		expect(formatRupiah(25000)).toBe(`Rp${nbsp}25.000`);
		expect(formatRupiah(1_250_000)).toBe(`Rp${nbsp}1.250.000`);
		expect(formatRupiah(0)).toBe(`Rp${nbsp}0`);
	});

	it('rounds fractions of a rupiah', () => {
		expect(formatRupiah(9999.6)).toBe(`Rp${nbsp}10.000`);
	});
});

describe('formatDate', () => {
	it('writes the Indonesian long month with numeric day and year', () => {
		expect(formatDate('2026-08-17T03:00:00Z', 'id')).toBe('17 Agustus 2026');
	});

	it('writes the English month name, day first, on English pages', () => {
		expect(formatDate('2026-12-01T08:58:00Z', 'en')).toBe('1 December 2026');
	});

	it('uses Jakarta time, not the server clock', () => {
		// 20:00 UTC on 31 December is already New Year's Day in Jakarta (UTC+7).
		expect(formatDate('2026-12-31T20:00:00Z', 'id')).toBe('1 Januari 2027');
		expect(formatDate('2026-12-31T20:00:00Z', 'en')).toBe('1 January 2027');
	});
});

describe('formatShortDate', () => {
	it('shortens the month in the page language', () => {
		expect(formatShortDate('2026-10-19T03:00:00Z', 'id')).toBe('19 Okt 2026');
		expect(formatShortDate('2026-10-19T03:00:00Z', 'en')).toBe('19 Oct 2026');
	});
});

describe('formatTime', () => {
	it('writes the hour and minutes in Jakarta, the Indonesian way', () => {
		expect(formatTime('2026-11-22T07:30:00Z', 'id')).toBe('14.30');
		expect(formatTime('2026-11-22T17:05:00Z', 'id')).toBe('00.05');
	});

	it('writes the hour and minutes in Jakarta on a 12-hour clock in English', () => {
		// Some versions of Intl put a narrow no-break space before AM/PM, others a plain one.
		expect(formatTime('2026-12-01T08:58:00Z', 'en')).toMatch(/^3:58\sPM$/);
		expect(formatTime('2026-11-22T17:05:00Z', 'en')).toMatch(/^12:05\sAM$/);
	});
});

describe('formatNumber', () => {
	it('uses Indonesian separators', () => {
		expect(formatNumber(1234.5)).toBe('1.234,5');
	});
});

// The figures and dates are written from tables, not by Intl (see format.ts): these hold them to
// Intl's own output, including the halves Intl rounds on the shortest decimal (1.15 → 1,2).
describe('the figures and dates written without Intl', () => {
	const intlNumber = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });
	const intlRupiah = new Intl.NumberFormat('id-ID', {
		style: 'currency',
		currency: 'IDR',
		maximumFractionDigits: 0,
	});
	const numbers = [
		0, 1, 5, 9.95, 0.05, 0.04, 0.5, 1.05, 1.15, 2.25, 2.5, 999, 999.95, 1000, 1234.45, 9999.6,
		12_345.67, 1_000_000, 1_234_567.89, 987_654_321.05, 123_456_789_012.34, -0.04, -3, -1234.5,
	];
	// A deterministic spread of counts, weights and amounts with up to three decimals.
	let seed = 7;
	const next = () => (seed = (seed * 48_271) % 2_147_483_647);
	for (let index = 0; index < 2_000; index++) {
		numbers.push(Number(((next() % 10_000_000) / 10 ** (next() % 4)).toFixed(3)));
	}

	it('writes every number as Intl does', () => {
		for (const value of numbers)
			expect(formatNumber(value), String(value)).toBe(intlNumber.format(value));
	});

	it('writes what no figure reaches as JavaScript does, and −0 as 0', () => {
		for (const value of [Number.NaN, Number.POSITIVE_INFINITY, 1e21, 1e-7]) {
			expect(formatNumber(value)).toBe(String(value));
			expect(formatRupiah(value)).toBe(String(value));
		}
		expect(formatNumber(-0)).toBe('0');
	});

	it('writes every rupiah amount as Intl does', () => {
		for (const value of numbers)
			expect(formatRupiah(value), String(value)).toBe(intlRupiah.format(value));
	});

	it("writes every day of two years, around Jakarta's midnight, as Intl does in both languages", () => {
		const intl = (tag: string, month: 'long' | 'short') =>
			new Intl.DateTimeFormat(tag, {
				day: 'numeric',
				month,
				year: 'numeric',
				timeZone: 'Asia/Jakarta',
			});
		const formats = [
			{ locale: 'id', tag: 'id-ID' },
			{ locale: 'en', tag: 'en-GB' },
		] as const;
		const hour = 60 * 60_000;
		for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2028, 0, 1); day += 24 * hour) {
			// 16:59 and 17:00 UTC are the last minute of a day in Jakarta and the first of the next.
			for (const time of [day, day + 17 * hour - 60_000, day + 17 * hour]) {
				for (const { locale, tag } of formats) {
					const at = new Date(time).toISOString();
					expect(formatDate(time, locale), at).toBe(intl(tag, 'long').format(time));
					expect(formatShortDate(at, locale), at).toBe(intl(tag, 'short').format(time));
				}
			}
		}
		const yearIntl = new Intl.DateTimeFormat('en-US', {
			year: 'numeric',
			timeZone: 'Asia/Jakarta',
		});
		for (const at of ['2026-12-31T16:59:59Z', '2026-12-31T17:00:00Z']) {
			expect(jakartaYear(new Date(at))).toBe(Number(yearIntl.format(new Date(at))));
		}
	});

	it('writes the time and the weekday of every half hour of a fortnight as Intl does', () => {
		const timeZone = 'Asia/Jakarta';
		const times = {
			id: new Intl.DateTimeFormat('id-ID', {
				hour: '2-digit',
				minute: '2-digit',
				hourCycle: 'h23',
				timeZone,
			}),
			en: new Intl.DateTimeFormat('en-US', {
				hour: 'numeric',
				minute: '2-digit',
				hour12: true,
				timeZone,
			}),
		};
		const weekdays = {
			id: new Intl.DateTimeFormat('id-ID', {
				weekday: 'short',
				day: 'numeric',
				month: 'short',
				timeZone,
			}),
			en: new Intl.DateTimeFormat('en-GB', {
				weekday: 'short',
				day: 'numeric',
				month: 'short',
				timeZone,
			}),
		};
		// Some versions of Intl put a narrow no-break space before AM/PM, others a plain one.
		const plain = (text: string) => text.replace(/\u202f/g, ' ');
		const halfHour = 30 * 60_000;
		for (let time = Date.UTC(2026, 8, 1, 0, 7); time < Date.UTC(2026, 8, 15); time += halfHour) {
			const until = time + 3 * halfHour;
			for (const locale of ['id', 'en'] as const) {
				const at = new Date(time).toISOString();
				expect(formatTime(time, locale), at).toBe(plain(times[locale].format(time)));
				const [start, end] = [weekdays[locale].format(time), weekdays[locale].format(until)];
				const first = `${start}, ${plain(times[locale].format(time))}`;
				const untilTime = plain(times[locale].format(until));
				expect(formatTimeWindow(time, until, locale), at).toBe(
					start === end ? `${first}–${untilTime}` : `${first} – ${end}, ${untilTime}`,
				);
			}
		}
	});

	it('refuses what is not a date, as Intl does', () => {
		expect(() => formatDate('not a date', 'id')).toThrow(RangeError);
	});
});

describe('formatWait', () => {
	it('rounds up to whole minutes and names hours past the hour, in either language', () => {
		expect(formatWait(1, 'id')).toBe('1 menit');
		expect(formatWait(14 * 60 + 1, 'id')).toBe('15 menit');
		expect(formatWait(90 * 60, 'id')).toBe('1 jam, 30 menit');
		expect(formatWait(2 * 3600, 'id')).toBe('2 jam');
		expect(formatWait(60, 'en')).toBe('1 minute');
		expect(formatWait(24 * 3600 - 30, 'en')).toBe('24 hours');
		expect(formatWait(5 * 3600 + 12 * 60, 'en')).toBe('5 hours, 12 minutes');
	});
});

describe('formatTimeWindow', () => {
	it('writes a window of one day in Jakarta once, with both times', () => {
		const [from, until] = ['2026-12-01T09:00:00Z', '2026-12-01T11:30:00Z'];
		expect(formatTimeWindow(from, until, 'id')).toBe('Sel, 1 Des, 16.00–18.30');
		expect(formatTimeWindow(from, until, 'en')).toBe('Tue 1 Dec, 4:00 PM–6:30 PM');
	});

	it('writes the day again when the window ends on the next day in Jakarta', () => {
		expect(formatTimeWindow('2026-12-01T14:00:00Z', '2026-12-01T18:00:00Z', 'id')).toBe(
			'Sel, 1 Des, 21.00 – Rab, 2 Des, 01.00',
		);
	});
});
