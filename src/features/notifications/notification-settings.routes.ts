import { z } from '@hono/zod-openapi';
import { locales } from '~/lib/i18n/locales';
import { deliveryChannels, eventKindNames } from './notifications';

const clockTime = z
	.string()
	.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'notifications.settings.errors.timeInvalid')
	.openapi({ example: '21:00', description: 'Jakarta time, `HH:MM`' });

const channelChoice = z.object(
	Object.fromEntries(deliveryChannels.map((channel) => [channel, z.boolean()])) as Record<
		(typeof deliveryChannels)[number],
		z.ZodBoolean
	>,
);

/** The quiet hours of push: from `start` to `end`, Jakarta time, across midnight when `end` < `start`. */
export const quietHoursSchema = z.object({ start: clockTime, end: clockTime });

/** A person's notification settings, every kind of event with both channels. */
export const notificationSettingsSchema = z
	.object({
		channels: z.object(
			Object.fromEntries(eventKindNames.map((kind) => [kind, channelChoice])) as Record<
				(typeof eventKindNames)[number],
				typeof channelChoice
			>,
		),
		quietHours: quietHoursSchema.nullable().openapi({ description: 'Null: push never waits' }),
		language: z.enum(locales).openapi({ description: 'Of push messages and mail' }),
	})
	.openapi('NotificationSettings');

/** A change to the settings: any part, each kind and channel on its own. */
export const notificationSettingsPatchSchema = z
	.object({
		channels: z.partialRecord(z.enum(eventKindNames), channelChoice.partial().strict()).optional(),
		quietHours: quietHoursSchema.nullable().optional(),
		language: z.enum(locales).optional(),
	})
	.strict()
	.openapi('NotificationSettingsChange');
