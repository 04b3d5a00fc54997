import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { locales } from '~/lib/i18n/locales';
import { fieldErrors } from '~/lib/field-errors';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit, requireUser } from '~/server/http/middleware';
import { dataResponse, errorResponses, refuseInput, signedIn } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { notificationSettingsOf, updateNotificationSettings } from './notification-settings.server';
import { deliveryChannels, eventKindNames } from './notifications';

/** The message keys of refused settings, under `notifications.settings.errors`. */
const errors = {
	time: 'notifications.settings.errors.timeInvalid',
	sameTimes: 'notifications.settings.errors.sameTimes',
	quietHours: 'notifications.settings.errors.quietHoursInvalid',
	channels: 'notifications.settings.errors.channelsInvalid',
	language: 'notifications.settings.errors.languageInvalid',
	unknown: 'notifications.settings.errors.unknownSetting',
} as const;

const clockTime = z
	.string({ error: errors.time })
	.regex(/^([01]\d|2[0-3]):[0-5]\d$/, errors.time)
	.openapi({ example: '21:00', description: 'Jakarta time, `HH:MM`' });

const channelSwitch = z.boolean({ error: errors.channels });

const channelChoice = z.strictObject(
	Object.fromEntries(deliveryChannels.map((channel) => [channel, channelSwitch])) as Record<
		(typeof deliveryChannels)[number],
		typeof channelSwitch
	>,
	{ error: errors.channels },
);

/**
 * The quiet hours of push: from `start` to `end`, Jakarta time, across midnight when `end` <
 * `start`. Equal times would be quiet hours that never begin: refused rather than kept as such.
 */
export const quietHoursSchema = z
	.strictObject({ start: clockTime, end: clockTime }, { error: errors.quietHours })
	.refine((hours) => hours.start !== hours.end, { error: errors.sameTimes, path: ['end'] });

const languageSchema = z
	.enum(locales, { error: errors.language })
	.openapi({ description: 'Of push messages and mail' });

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
		language: languageSchema,
	})
	.openapi('NotificationSettings');

/** Either channel or both; a channel left out stays as it was (never `undefined`). */
const partialChoice = z.strictObject(
	Object.fromEntries(
		deliveryChannels.map((channel) => [channel, channelSwitch.exactOptional()]),
	) as Record<(typeof deliveryChannels)[number], z.ZodExactOptional<typeof channelSwitch>>,
	{ error: errors.channels },
);

/** A change to the settings: any part, each kind and channel on its own; nothing unknown. */
export const notificationSettingsPatchSchema = z
	.strictObject(
		{
			channels: z
				.strictObject(
					Object.fromEntries(eventKindNames.map((kind) => [kind, partialChoice.optional()])) as {
						[K in (typeof eventKindNames)[number]]: z.ZodOptional<typeof partialChoice>;
					},
					{ error: errors.channels },
				)
				.optional(),
			quietHours: quietHoursSchema
				.nullable()
				.optional()
				.openapi({ description: 'Null turns quiet hours off' }),
			language: languageSchema.optional(),
		},
		{ error: errors.unknown },
	)
	.openapi('NotificationSettingsChange');

/**
 * A refused change, field by field: a setting the API does not know is named as its own field
 * (its issue has no path of its own), the rest under the part they belong to.
 */
const refuseSettings = refuseInput(
	(issues) =>
		new AppError(
			'VALIDATION_ERROR',
			fieldErrors(
				issues.flatMap((issue): { path: readonly PropertyKey[]; message: string }[] =>
					issue.code === 'unrecognized_keys' && issue.path.length === 0
						? issue.keys.map((key) => ({ path: [key], message: errors.unknown }))
						: [issue],
				),
			),
		),
);

/** The caller's notification settings (`/api/notification-settings`). */
export function notificationSettingsRoutes(server: ServerContext) {
	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'get',
				path: '/notification-settings',
				summary: 'The caller’s notification settings, the defaults where they chose nothing',
				security: signedIn,
				middleware: [requireUser],
				responses: {
					200: dataResponse('The settings', notificationSettingsSchema),
					...errorResponses('UNAUTHORIZED'),
				},
			}),
			async (c) =>
				c.json({ data: await notificationSettingsOf(server.db, c.get('user')!.id) }, 200),
		)
		.openapi(
			createRoute({
				method: 'patch',
				path: '/notification-settings',
				summary: 'Change any part of the caller’s notification settings',
				security: signedIn,
				middleware: [requireUser, rateLimit(server, 'write', rateLimitRules.write)],
				request: {
					body: {
						required: true,
						content: { 'application/json': { schema: notificationSettingsPatchSchema } },
					},
				},
				responses: {
					200: dataResponse('The settings as they now are', notificationSettingsSchema),
					...errorResponses('VALIDATION_ERROR', 'UNAUTHORIZED', 'RATE_LIMITED'),
				},
			}),
			async (c) =>
				c.json(
					{
						data: await updateNotificationSettings(
							server.db,
							c.get('user')!.id,
							c.req.valid('json'),
						),
					},
					200,
				),
			refuseSettings,
		);
}
