import { describe, expect, it } from 'vitest';
import {
	defaultNotificationSettings,
	nextDigestAt,
	patchedSettings,
	quietHoursEnd,
} from './notification-settings';
import { eventKindNames, eventKinds } from './notifications';

/** A moment in Jakarta (UTC+7), written as its local time. */
const jakarta = (local: string) => new Date(`${local}+07:00`);

describe('the kinds of event', () => {
	it('are every group of notification kinds, in the order the settings show them', () => {
		expect([...eventKindNames]).toEqual(Object.keys(eventKinds));
	});
});

describe('quiet hours', () => {
	it.each([
		[
			'21:00–07:00, at 22:30',
			{ start: '21:00', end: '07:00' },
			'2026-11-28T22:30',
			'2026-11-29T07:00',
		],
		[
			'21:00–07:00, at 03:00',
			{ start: '21:00', end: '07:00' },
			'2026-11-29T03:00',
			'2026-11-29T07:00',
		],
		[
			'21:00–07:00, at 21:00 sharp',
			{ start: '21:00', end: '07:00' },
			'2026-11-28T21:00',
			'2026-11-29T07:00',
		],
		['21:00–07:00, at 07:00 sharp', { start: '21:00', end: '07:00' }, '2026-11-29T07:00', null],
		['21:00–07:00, at noon', { start: '21:00', end: '07:00' }, '2026-11-28T12:00', null],
		[
			'13:00–15:00, at 14:10',
			{ start: '13:00', end: '15:00' },
			'2026-11-28T14:10',
			'2026-11-28T15:00',
		],
		['13:00–15:00, at 16:00', { start: '13:00', end: '15:00' }, '2026-11-28T16:00', null],
		['equal times: never quiet', { start: '08:00', end: '08:00' }, '2026-11-28T08:00', null],
	])('%s', (_, quietHours, now, waitsUntil) => {
		expect(quietHoursEnd(quietHours, jakarta(now))).toEqual(
			waitsUntil ? jakarta(waitsUntil) : null,
		);
	});

	it('never holds push when quiet hours are off', () => {
		expect(quietHoursEnd(null, jakarta('2026-11-28T23:00'))).toBeNull();
	});
});

describe('the daily digest', () => {
	it.each([
		['before 08:00', '2026-11-28T06:15', '2026-11-28T08:00'],
		['after 08:00', '2026-11-28T08:01', '2026-11-29T08:00'],
		['late at night', '2026-11-28T23:59', '2026-11-29T08:00'],
	])('goes out at the next 08:00 Jakarta time, %s', (_, now, at) => {
		expect(nextDigestAt(jakarta(now))).toEqual(jakarta(at));
	});
});

describe('changing settings', () => {
	it('changes one channel of one kind and keeps the rest', () => {
		const changed = patchedSettings(defaultNotificationSettings('en'), {
			channels: { savedSearches: { email: false } },
		});
		expect(changed.channels.savedSearches).toEqual({ push: true, email: false });
		expect(changed.channels.requests).toEqual({ push: true, email: true });
		expect(changed.quietHours).toEqual({ start: '21:00', end: '07:00' });
		expect(changed.language).toBe('en');
	});

	it('turns quiet hours off with null and leaves them alone when not named', () => {
		const off = patchedSettings(defaultNotificationSettings(), { quietHours: null });
		expect(off.quietHours).toBeNull();
		expect(patchedSettings(off, { language: 'en' }).quietHours).toBeNull();
	});
});
