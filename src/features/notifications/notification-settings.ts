/**
 * Notification settings (docs/product-rules.md#notifications): what a person hears by push and
 * by mail, and when push waits. Safe in the browser.
 */

import type { z } from 'zod/mini';
import type { Locale } from '~/lib/i18n/locales';
import type {
	notificationSettingsPatchSchema,
	notificationSettingsSchema,
	quietHoursSchema,
} from './notification-settings.routes';
import { deliveryChannels, eventKindNames } from './notifications';

export type NotificationSettings = z.output<typeof notificationSettingsSchema>;
export type NotificationSettingsPatch = z.output<typeof notificationSettingsPatchSchema>;
export type QuietHours = z.output<typeof quietHoursSchema>;

/** Push waits at night unless the person says otherwise. */
export const defaultQuietHours: QuietHours = { start: '21:00', end: '07:00' };

/** Every kind of event by push and by mail, quiet nights, in `language`. */
export function defaultNotificationSettings(language: Locale = 'id'): NotificationSettings {
	return {
		channels: Object.fromEntries(
			eventKindNames.map((kind) => [
				kind,
				Object.fromEntries(deliveryChannels.map((channel) => [channel, true])),
			]),
		) as NotificationSettings['channels'],
		quietHours: defaultQuietHours,
		language,
	};
}

/** Jakarta keeps UTC+7 all year. */
const jakartaOffsetMinutes = 7 * 60;
const dayMinutes = 24 * 60;

function minutesOf(clockTime: string): number {
	const [hours = 0, minutes = 0] = clockTime.split(':').map(Number);
	return hours * 60 + minutes;
}

/** The minute of the day in Jakarta at `now`, 0–1439. */
function jakartaMinuteOfDay(now: Date): number {
	const utcMinutes = Math.floor(now.getTime() / 60_000);
	return (((utcMinutes + jakartaOffsetMinutes) % dayMinutes) + dayMinutes) % dayMinutes;
}

/** `now` moved ahead to the next time the Jakarta clock shows `minuteOfDay` (now itself if it does). */
function nextJakartaMinute(now: Date, minuteOfDay: number): Date {
	const ahead = (minuteOfDay - jakartaMinuteOfDay(now) + dayMinutes) % dayMinutes;
	const startOfMinute = Math.floor(now.getTime() / 60_000) * 60_000;
	return new Date(ahead === 0 ? now.getTime() : startOfMinute + ahead * 60_000);
}

/**
 * When push may go out again if `now` falls in the quiet hours, else `null`. Quiet hours run
 * from `start` up to `end`, across midnight when `end` is earlier; equal times mean none.
 */
export function quietHoursEnd(quietHours: QuietHours | null, now: Date): Date | null {
	if (!quietHours) return null;
	const start = minutesOf(quietHours.start);
	const end = minutesOf(quietHours.end);
	const minute = jakartaMinuteOfDay(now);
	const quiet = start < end ? minute >= start && minute < end : minute >= start || minute < end;
	return start !== end && quiet ? nextJakartaMinute(now, end) : null;
}

/** The daily digest of saved-search matches goes out at 08:00 Jakarta time. */
export const digestClockTime = '08:00';

/** The next time the digest goes out after `now`. */
export function nextDigestAt(now: Date): Date {
	const next = nextJakartaMinute(now, minutesOf(digestClockTime));
	return next.getTime() === now.getTime() ? now : next;
}

/** `settings` with `patch` applied: each kind and channel on its own, the rest as it was. */
export function patchedSettings(
	settings: NotificationSettings,
	patch: NotificationSettingsPatch,
): NotificationSettings {
	const channels = { ...settings.channels };
	for (const kind of eventKindNames) {
		const change = patch.channels?.[kind];
		if (change) {
			channels[kind] = {
				push: change.push ?? channels[kind].push,
				email: change.email ?? channels[kind].email,
			};
		}
	}
	return {
		channels,
		quietHours: patch.quietHours === undefined ? settings.quietHours : patch.quietHours,
		language: patch.language ?? settings.language,
	};
}
