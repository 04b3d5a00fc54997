import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { ServerContext } from '~/server/context';
import { jsonWithETag, revalidate } from '~/server/http/etag';
import { requireUser } from '~/server/http/middleware';
import { dataResponse, errorResponses, refuseInvalidFields, signedIn } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { notificationKinds } from './notifications';
import { markNotificationsRead, notificationList } from './notifications.server';

/** The bell's notifications, their texts already in the reader's language. */
export const notificationListSchema = z
	.object({
		unread: z.int(),
		notifications: z.array(
			z.object({
				id: z.int(),
				kind: z.enum(notificationKinds),
				text: z.string().openapi({ description: 'In the request’s language' }),
				path: z.string().openapi({ description: 'Where it leads, without the language prefix' }),
				createdAt: z.iso.datetime(),
				read: z.boolean(),
			}),
		),
	})
	.openapi('Notifications');

const readBody = z.object({
	ids: z.array(z.int().min(1)).max(100).optional().openapi({ description: 'All when left out' }),
});

/** The bell's notifications (`/api/notifications…`). */
export function notificationRoutes(server: ServerContext) {
	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'get',
				path: '/notifications',
				summary: 'The caller’s newest notifications and how many are unread',
				security: signedIn,
				middleware: [requireUser, revalidate],
				responses: {
					200: {
						...dataResponse('The notifications', notificationListSchema),
						headers: {
							ETag: { description: 'Of the answer’s bytes', schema: { type: 'string' as const } },
						},
					},
					304: { description: 'Unchanged since the `ETag` sent in `If-None-Match`' },
					...errorResponses('UNAUTHORIZED'),
				},
			}),
			async (c) =>
				jsonWithETag(c, {
					data: await notificationList(server.db, c.get('user')!.id, c.get('t'), c.get('locale')),
				}),
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/notifications/read',
				summary: 'Mark the caller’s notifications read: those listed, or all',
				security: signedIn,
				middleware: [requireUser],
				request: {
					body: { required: true, content: { 'application/json': { schema: readBody } } },
				},
				responses: {
					200: dataResponse('How many are still unread', z.object({ unread: z.int() })),
					...errorResponses('VALIDATION_ERROR', 'UNAUTHORIZED'),
				},
			}),
			async (c) =>
				c.json(
					{
						data: {
							unread: await markNotificationsRead(
								server.db,
								c.get('user')!.id,
								c.req.valid('json').ids,
							),
						},
					},
					200,
				),
			refuseInvalidFields,
		);
}
