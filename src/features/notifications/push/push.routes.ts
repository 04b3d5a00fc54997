import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { pushLimits } from '~/config/limits';
import type { ServerContext } from '~/server/context';
import { rateLimit, requireUser } from '~/server/http/middleware';
import {
	anyone,
	dataResponse,
	errorResponses,
	refuseInvalidFields,
	signedIn,
} from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import {
	checkDeviceSubscription,
	deletePushSubscription,
	savePushSubscription,
} from './push-subscriptions.server';

const endpointError = { error: 'notifications.push.errors.endpoint' };
const keysError = { error: 'notifications.push.errors.keys' };

const endpoint = z
	.string(endpointError)
	.min(1, endpointError)
	.max(pushLimits.endpointMaxLength, endpointError)
	.openapi({
		description: 'The push service’s address for the device',
		example: 'https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bH…',
	});

const key = z.string(keysError).max(pushLimits.keyMaxLength, keysError);

/** A device for push, as the browser's `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionBody = z
	.object({
		endpoint,
		expirationTime: z
			.number({ error: 'notifications.push.errors.subscription' })
			.nullable()
			.optional()
			.openapi({ description: 'When the browser ends it (ms since 1970); usually null' }),
		keys: z.object(
			{
				p256dh: key.openapi({ description: 'The device’s P-256 public key, base64url' }),
				auth: key.openapi({ description: 'The device’s 16-byte secret, base64url' }),
			},
			keysError,
		),
	})
	.openapi('PushSubscription');

const pushKeySchema = z
	.object({
		publicKey: z.string().openapi({
			description:
				'The site’s VAPID public key (base64url, uncompressed P-256): the `applicationServerKey` to subscribe with',
		}),
	})
	.openapi('PushKey');

/** Web Push for the caller's devices (`/api/push/…`). */
export function pushRoutes(server: ServerContext) {
	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'get',
				path: '/push/key',
				summary: 'The key a browser subscribes to this site’s push messages with',
				security: anyone,
				responses: { 200: dataResponse('The site’s public key', pushKeySchema) },
			}),
			async (c) => {
				const { publicKey } = await server.vapidDetails();
				return c.json({ data: { publicKey } }, 200);
			},
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/push/subscriptions',
				summary: 'Receive push on this device: from now on it is the caller’s',
				description: `A device another person had subscribed moves to the caller; past ${pushLimits.devicesPerUser} devices the oldest stop receiving.`,
				security: signedIn,
				middleware: [requireUser, rateLimit(server, 'write', rateLimitRules.write)],
				request: {
					body: {
						required: true,
						content: { 'application/json': { schema: pushSubscriptionBody } },
					},
				},
				responses: {
					201: dataResponse('The device receives push', z.object({ endpoint: z.string() })),
					...errorResponses(
						'VALIDATION_ERROR',
						'PUSH_SERVICE_UNKNOWN',
						'UNAUTHORIZED',
						'RATE_LIMITED',
					),
				},
			}),
			async (c) => {
				const device = c.req.valid('json');
				checkDeviceSubscription(device, server.config.push.allowedOrigins);
				await savePushSubscription(server.db, c.get('user')!.id, device);
				return c.json({ data: { endpoint: device.endpoint } }, 201);
			},
			refuseInvalidFields,
		)
		.openapi(
			createRoute({
				method: 'delete',
				path: '/push/subscriptions',
				summary: 'Stop push on this device, if it is the caller’s',
				security: signedIn,
				middleware: [requireUser],
				request: {
					body: {
						required: true,
						content: { 'application/json': { schema: z.object({ endpoint }) } },
					},
				},
				responses: {
					204: { description: 'The device no longer receives the caller’s push' },
					...errorResponses('VALIDATION_ERROR', 'UNAUTHORIZED'),
				},
			}),
			async (c) => {
				await deletePushSubscription(server.db, c.get('user')!.id, c.req.valid('json').endpoint);
				return c.body(null, 204);
			},
			refuseInvalidFields,
		);
}
