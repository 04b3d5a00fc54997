import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { thanksLimits } from '~/config/limits';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit, requireUser } from '~/server/http/middleware';
import {
	anyone,
	checkedBody,
	dataResponse,
	errorResponses,
	refuseInput,
	signedIn,
} from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { thanksInputSchema } from './thanks';
import {
	deleteThanks,
	sentThanks,
	thanksForDonor,
	thanksForItem,
	writeThanks,
} from './thanks.server';

/** A base64 photo is 4/3 of its bytes, plus the message. */
export const thanksBodyLimit = Math.ceil((thanksLimits.photoMaxBytes * 4) / 3) + 16 * 1024;

/** Whether a call is the one that takes a thank-you's photo, with its own body limit. */
export function isThanksUpload(method: string, path: string): boolean {
	return method === 'POST' && /^\/api\/requests\/[^/]+\/thanks$/.test(path);
}

/** A thank-you as profiles and item pages show it. */
export const thankYouSchema = z
	.object({
		id: z.int(),
		message: z.string(),
		createdAt: z.iso.datetime(),
		photo: z.object({ src: z.string(), width: z.int(), height: z.int() }).nullable(),
		item: z.object({ id: z.int(), name: z.string() }),
		receiver: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }),
	})
	.openapi('ThankYou');

const idParams = z.object({ id: z.coerce.number().int().min(1) });
const notFound = refuseInput(() => new AppError('NOT_FOUND'));

/** Thank-yous from receivers to donors (docs/product-rules.md#thank-yous). */
export function thanksRoutes(server: ServerContext) {
	const write = rateLimit(server, 'write', rateLimitRules.write);

	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'post',
				path: '/requests/{id}/thanks',
				summary: 'Thank the donor of a confirmed giving, once, maybe with a photo',
				description:
					'Only the receiver, only once the hand-over is confirmed, one per giving. The photo is a data URL of a JPEG, PNG or WebP file of at most 5 MB. The donor is notified.',
				security: signedIn,
				middleware: [
					requireUser,
					write,
					bodyLimit({
						maxSize: thanksBodyLimit,
						onError: () => {
							throw new AppError('IMAGE_TOO_LARGE', { photo: 'thanks.errors.photoTooLarge' });
						},
					}),
				],
				request: { params: idParams, body: checkedBody('application/json', thanksInputSchema) },
				responses: {
					201: dataResponse('The thank-you, stored', z.object({ id: z.int() })),
					...errorResponses(
						'VALIDATION_ERROR',
						'UNAUTHORIZED',
						'FORBIDDEN',
						'BLOCKED',
						'NOT_FOUND',
						'REQUEST_CONFLICT',
						'IMAGE_TOO_LARGE',
						'INVALID_IMAGE_FORMAT',
						'RATE_LIMITED',
					),
				},
			}),
			async (c) => {
				// `writeThanks` checks the body with the dialog's schema and names each field's error.
				const body: unknown = await c.req.json().catch(() => {
					throw new AppError('VALIDATION_ERROR');
				});
				const stored = await writeThanks(server, c.get('user')!, c.req.valid('param').id, body);
				return c.json({ data: stored }, 201);
			},
			notFound,
		)
		.openapi(
			createRoute({
				method: 'delete',
				path: '/thanks/{id}',
				summary: 'Delete one’s own thank-you',
				security: signedIn,
				middleware: [requireUser, write],
				request: { params: idParams },
				responses: {
					200: dataResponse('Deleted', z.object({ deleted: z.literal(true) })),
					...errorResponses('UNAUTHORIZED', 'NOT_FOUND', 'RATE_LIMITED'),
				},
			}),
			async (c) => {
				await deleteThanks(server, c.get('user')!, c.req.valid('param').id);
				return c.json({ data: { deleted: true as const } }, 200);
			},
			notFound,
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/thanks/mine',
				summary: 'The caller’s thank-yous, by the request each thanks for',
				security: signedIn,
				middleware: [requireUser],
				responses: {
					200: dataResponse(
						'The caller’s thank-yous, newest first',
						z.array(z.object({ id: z.int(), requestId: z.int() })),
					),
					...errorResponses('UNAUTHORIZED'),
				},
			}),
			async (c) => c.json({ data: await sentThanks(server.db, c.get('user')!.id) }, 200),
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/profile/{userId}/thanks',
				summary: 'The thank-yous a member received as a donor, newest first',
				security: anyone,
				request: { params: z.object({ userId: z.string() }) },
				responses: {
					200: dataResponse('The thank-yous shown on the profile', z.array(thankYouSchema)),
				},
			}),
			async (c) =>
				c.json({ data: await thanksForDonor(server.db, c.req.valid('param').userId) }, 200),
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/items/{id}/thanks',
				summary: 'The thank-yous for an item, newest first',
				security: anyone,
				request: { params: idParams },
				responses: {
					200: dataResponse('The thank-yous shown on the item page', z.array(thankYouSchema)),
					...errorResponses('NOT_FOUND'),
				},
			}),
			async (c) => c.json({ data: await thanksForItem(server.db, c.req.valid('param').id) }, 200),
			notFound,
		);
}
