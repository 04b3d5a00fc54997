import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { itemLimits } from '~/config/limits';
import { isProfileComplete } from '~/lib/profile-completeness';
import type { HumanVerifier } from '~/features/verification/verification.server';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { jsonWithETag, revalidate } from '~/server/http/etag';
import { rateLimit, requestAddress, requireUser } from '~/server/http/middleware';
import { dataResponse, errorResponses, signedIn, signedInOrNot } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { pickupOfDistrict } from '~/features/places/places.server';
import { refuseAtDailyLimit } from './daily-items.server';
import { limitPhone } from './donor-phone.server';
import {
	changedItemForm,
	itemIdParams,
	itemListSchema,
	itemSchema,
	missingItem,
	newItemForm,
	ownItemErrors,
	polled,
	readItemForm,
} from './item-api.server';
import {
	createItem,
	deleteItem,
	type ItemListed,
	toggleItemStatus,
	renewItem,
	updateItem,
} from './item-changes.server';
import { itemListQuerySchema } from './item-list-query';
import type { Viewer } from './item-records.server';
import { findItem, latestItems, listItems, myItems } from './items.server';

/** Five photos of 5 MB and the text fields. */
const itemBodyLimit = itemLimits.imagesMax * itemLimits.imageMaxBytes + 256 * 1024;

function viewerOf(c: Context<AppEnv>): Viewer | null {
	const user = c.get('user');
	return user ? { id: user.id, canSeePhone: isProfileComplete(user) } : null;
}

const photoLimit = bodyLimit({
	maxSize: itemBodyLimit,
	onError: () => {
		throw new AppError('IMAGE_TOO_LARGE');
	},
});

/** The item calls of the API (`/api/items…`). */
export function itemRoutes(
	server: ServerContext & { humanVerifier: HumanVerifier; itemListed: ItemListed },
) {
	const write = rateLimit(server, 'write', rateLimitRules.write);

	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'get',
				path: '/items',
				summary: 'A page of items, newest or oldest first, searched and filtered',
				security: signedInOrNot,
				request: { query: itemListQuerySchema },
				responses: {
					200: dataResponse('Items and page facts', itemListSchema),
					...errorResponses('VALIDATION_ERROR'),
				},
			}),
			async (c) => {
				const query = c.req.valid('query');
				const areaId = c.get('user')?.areaId;
				const home = query.near === 'me' && areaId ? await pickupOfDistrict(areaId) : null;
				return c.json({ data: await listItems(server.db, query, viewerOf(c), home) }, 200);
			},
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/items/latest',
				summary: 'The newest items, for the home page',
				security: signedInOrNot,
				middleware: [revalidate],
				responses: polled('The latest items', z.array(itemSchema)),
			}),
			async (c) => jsonWithETag(c, { data: await latestItems(server.db, viewerOf(c)) }),
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/items/my-items',
				summary: 'The caller’s own items',
				security: signedIn,
				middleware: [requireUser],
				responses: {
					200: dataResponse('The caller’s items, newest first', z.array(itemSchema)),
					...errorResponses('UNAUTHORIZED'),
				},
			}),
			async (c) => c.json({ data: await myItems(server.db, c.get('user')!.id) }, 200),
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/items/{id}',
				summary: 'One item, with the donor’s phone for viewers who may see it',
				security: signedInOrNot,
				middleware: [revalidate],
				request: { params: itemIdParams },
				responses: { ...polled('The item', itemSchema), ...errorResponses('NOT_FOUND') },
			}),
			async (c) => {
				const viewer = viewerOf(c);
				const item = await findItem(server.db, c.req.valid('param').id, viewer);
				if (!item) throw new AppError('NOT_FOUND');
				return jsonWithETag(c, { data: await limitPhone(server, viewer, item) });
			},
			missingItem,
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/items',
				summary: 'List an item: its fields, 1 to 5 photos and a passed human verification',
				security: signedIn,
				middleware: [requireUser, write, photoLimit],
				request: { body: newItemForm },
				responses: {
					201: dataResponse('The new item', itemSchema),
					...errorResponses(
						'VALIDATION_ERROR',
						'TOO_MANY_IMAGES',
						'UNAUTHORIZED',
						'FORBIDDEN',
						'IMAGE_TOO_LARGE',
						'INVALID_IMAGE_FORMAT',
						'RATE_LIMITED',
					),
				},
			}),
			async (c) => {
				const user = c.get('user')!;
				const form = await readItemForm(c);
				if (!form.verificationToken) {
					throw new AppError('VALIDATION_ERROR', {
						verificationToken: 'itemForm.verification.required',
					});
				}
				await refuseAtDailyLimit(server.rateLimiter, user.id);
				const caller = { userId: user.id, remoteIp: requestAddress(c, server.config) };
				if (!(await server.humanVerifier.verify(form.verificationToken, caller))) {
					throw new AppError('VALIDATION_ERROR', {
						verificationToken: 'itemForm.verification.failed',
					});
				}
				const item = await createItem(server, user, form.fields, form.files);
				return c.json({ data: item }, 201);
			},
		)
		.openapi(
			createRoute({
				method: 'put',
				path: '/items/{id}',
				summary: 'Edit the caller’s available item: fields, new photos, removed photos',
				security: signedIn,
				middleware: [requireUser, write, photoLimit],
				request: { params: itemIdParams, body: changedItemForm },
				responses: {
					200: dataResponse('The item as saved', itemSchema),
					...errorResponses(
						'VALIDATION_ERROR',
						'TOO_MANY_IMAGES',
						...ownItemErrors,
						'IMAGE_TOO_LARGE',
						'INVALID_IMAGE_FORMAT',
					),
				},
			}),
			async (c) => {
				const form = await readItemForm(c);
				const item = await updateItem(
					server,
					c.get('user')!,
					c.req.valid('param').id,
					form.fields,
					form.files,
					form.deletedImages,
				);
				return c.json({ data: item }, 200);
			},
			missingItem,
		)
		.openapi(
			createRoute({
				method: 'delete',
				path: '/items/{id}',
				summary: 'Delete the caller’s available item and its photos',
				security: signedIn,
				middleware: [requireUser, write],
				request: { params: itemIdParams },
				responses: { 204: { description: 'Deleted' }, ...errorResponses(...ownItemErrors) },
			}),
			async (c) => {
				await deleteItem(server, c.get('user')!, c.req.valid('param').id);
				return c.body(null, 204);
			},
			missingItem,
		)
		.openapi(
			createRoute({
				method: 'patch',
				path: '/items/{id}/toggle-status',
				summary: 'Mark the caller’s item as donated, or as available again',
				security: signedIn,
				middleware: [requireUser, write],
				request: { params: itemIdParams },
				responses: {
					200: dataResponse('The item with its new status', itemSchema),
					...errorResponses('UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED'),
				},
			}),
			async (c) =>
				c.json(
					{ data: await toggleItemStatus(server, c.get('user')!, c.req.valid('param').id) },
					200,
				),
			missingItem,
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/items/{id}/renew',
				summary:
					'Say the caller’s available item is still there: it stays in, or comes back to, lists',
				security: signedIn,
				middleware: [requireUser, write],
				request: { params: itemIdParams },
				responses: {
					200: dataResponse('The renewed item', itemSchema),
					...errorResponses(...ownItemErrors),
				},
			}),
			async (c) =>
				c.json({ data: await renewItem(server, c.get('user')!, c.req.valid('param').id) }, 200),
			missingItem,
		);
}
