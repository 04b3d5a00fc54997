import { describe, expect, it } from 'vitest';
import {
	formatDate,
	formatNumber,
	formatRupiah,
	formatShortDate,
	formatTimeWindow,
	formatTime,
	formatWait,
} from './format';

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
