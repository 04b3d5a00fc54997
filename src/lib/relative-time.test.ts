import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './relative-time';

/** A moment in Jakarta (UTC+7), written as its local time. */
const jakarta = (local: string) => new Date(`${local}+07:00`);

describe('formatTimeAgo', () => {
	const now = jakarta('2026-11-26T10:00:00');

	it('says now within the first minute', () => {
		expect(formatTimeAgo(jakarta('2026-11-26T09:59:30'), 'id', now)).toBe('sekarang');
		expect(formatTimeAgo(jakarta('2026-11-26T09:59:30'), 'en', now)).toBe('now');
	});

	it('counts minutes, then hours, in the page’s language', () => {
		expect(formatTimeAgo(jakarta('2026-11-26T09:55:00'), 'id', now)).toBe('5 menit yang lalu');
		expect(formatTimeAgo(jakarta('2026-11-26T09:55:00'), 'en', now)).toBe('5 minutes ago');
		expect(formatTimeAgo(jakarta('2026-11-26T07:10:00'), 'id', now)).toBe('2 jam yang lalu');
		expect(formatTimeAgo(jakarta('2026-11-26T07:10:00'), 'en', now)).toBe('2 hours ago');
	});

	it('takes an API timestamp as it comes', () => {
		expect(formatTimeAgo('2026-11-26T02:59:00.000Z', 'en', now)).toBe('1 minute ago');
	});

	it('counts days as Jakarta’s calendar turns them, not as UTC’s', () => {
		// 30 hours before 10:00 on the 26th is 04:00 on the 25th in Jakarta, still the 24th in UTC.
		expect(formatTimeAgo(jakarta('2026-11-25T04:00:00'), 'id', now)).toBe('kemarin');
		expect(formatTimeAgo(jakarta('2026-11-25T04:00:00'), 'en', now)).toBe('yesterday');
		expect(formatTimeAgo(jakarta('2026-11-23T23:30:00'), 'en', now)).toBe('3 days ago');
	});

	it('moves on to weeks, months and years for older news', () => {
		expect(formatTimeAgo(jakarta('2026-11-12T10:00:00'), 'en', now)).toBe('2 weeks ago');
		expect(formatTimeAgo(jakarta('2026-09-20T10:00:00'), 'id', now)).toBe('2 bulan yang lalu');
		expect(formatTimeAgo(jakarta('2024-10-01T10:00:00'), 'en', now)).toBe('2 years ago');
	});

	it('counts a time slightly ahead of the clock as now', () => {
		expect(formatTimeAgo(jakarta('2026-11-26T10:00:20'), 'en', now)).toBe('now');
	});
});
