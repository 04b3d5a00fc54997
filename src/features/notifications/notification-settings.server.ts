import { eq, inArray } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { notificationSettings } from '~/server/db/schema';
import { isLocale, type Locale } from '~/lib/i18n/locales';
import {
	defaultNotificationSettings,
	type NotificationSettings,
	type NotificationSettingsPatch,
	patchedSettings,
} from './notification-settings';
import { deliveryChannels, eventKindNames } from './notifications';

type SettingsRow = typeof notificationSettings.$inferSelect;

/** The settings a stored row says: its choices over the defaults. */
function settingsOfRow(row: SettingsRow | undefined): NotificationSettings {
	const settings = defaultNotificationSettings(isLocale(row?.language) ? row.language : 'id');
	if (!row) return settings;
	for (const kind of eventKindNames) {
		for (const channel of deliveryChannels) {
			const chosen = row.channels[kind]?.[channel];
			if (typeof chosen === 'boolean') settings.channels[kind][channel] = chosen;
		}
	}
	settings.quietHours =
		row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null;
	return settings;
}

/** Only what differs from the defaults is stored, so a new kind of event starts switched on. */
function storedChoices(settings: NotificationSettings): SettingsRow['channels'] {
	const stored: SettingsRow['channels'] = {};
	for (const kind of eventKindNames) {
		for (const channel of deliveryChannels) {
			if (!settings.channels[kind][channel]) stored[kind] = { ...stored[kind], [channel]: false };
		}
	}
	return stored;
}

/** One person's notification settings, the defaults where they chose nothing. */
export async function notificationSettingsOf(
	db: Database,
	userId: string,
): Promise<NotificationSettings> {
	const [row] = await db
		.select()
		.from(notificationSettings)
		.where(eq(notificationSettings.userId, userId));
	return settingsOfRow(row);
}

/**
 * The language a person uses the site in, as their settings keep it (set at their first sign-in,
 * changed with the language of their messages); null when nothing says.
 */
export async function siteLanguageOf(db: Database, userId: string): Promise<Locale | null> {
	const [row] = await db
		.select({ language: notificationSettings.language })
		.from(notificationSettings)
		.where(eq(notificationSettings.userId, userId));
	return isLocale(row?.language) ? row.language : null;
}

/** The settings of several people at once, for a batch of deliveries. */
export async function notificationSettingsFor(
	db: Database,
	userIds: readonly string[],
): Promise<Map<string, NotificationSettings>> {
	const unique = [...new Set(userIds)];
	const rows = unique.length
		? await db
				.select()
				.from(notificationSettings)
				.where(inArray(notificationSettings.userId, unique))
		: [];
	const byUser = new Map(rows.map((row) => [row.userId, row]));
	return new Map(unique.map((userId) => [userId, settingsOfRow(byUser.get(userId))]));
}

/** Changes a person's settings (any part of them) and answers the settings as they now are. */
export async function updateNotificationSettings(
	db: Database,
	userId: string,
	patch: NotificationSettingsPatch,
): Promise<NotificationSettings> {
	return db.transaction(async (tx) => {
		const [row] = await tx
			.select()
			.from(notificationSettings)
			.where(eq(notificationSettings.userId, userId))
			.for('update');
		const settings = patchedSettings(settingsOfRow(row), patch);
		const values = {
			channels: storedChoices(settings),
			quietStart: settings.quietHours?.start ?? null,
			quietEnd: settings.quietHours?.end ?? null,
			language: settings.language,
			updatedAt: new Date(),
		};
		await tx
			.insert(notificationSettings)
			.values({ userId, ...values })
			.onConflictDoUpdate({ target: notificationSettings.userId, set: values });
		return settings;
	});
}
