import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { needLimits } from '~/config/limits';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit, requireUser } from '~/server/http/middleware';
import {
	checkedBody,
	dataResponse,
	errorResponses,
	refuseInput,
	signedIn,
	signedInOrNot,
} from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { fieldErrors } from '~/lib/field-errors';
import {
	needCloseSchema,
	needInputSchema,
	needReaches,
	needStates,
	needUrgencies,
	offerInputSchema,
	offerStates,
} from './needs';
import {
	acceptOffer,
	declineOffer,
	offerableItems,
	offerItem,
	offersForNeed,
	withdrawOffer,
} from './need-offers.server';
import {
	closeNeed,
	createNeed,
	deleteNeed,
	findNeed,
	myNeeds,
	type NeedPosted,
	renewNeed,
	updateNeed,
} from './needs.server';

/** A base64 photo is 4/3 of its bytes, plus the text fields. */
const needBodyLimit = Math.ceil((needLimits.photoMaxBytes * 4) / 3) + 16 * 1024;

/** Whether a call is one that takes a need's photo, with its own body limit. */
export function isNeedUpload(method: string, path: string): boolean {
	return (
		(method === 'POST' && path === '/api/needs') ||
		(method === 'PUT' && /^\/api\/needs\/[^/]+$/.test(path))
	);
}

const person = z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() });

/** A need as its page shows it. */
export const needSchema = z
	.object({
		id: z.int(),
		title: z.string(),
		description: z.string(),
		category: z.string(),
		quantity: z.int(),
		reach: z.enum(needReaches),
		urgency: z.enum(needUrgencies),
		area: z.object({
			districtCode: z.string(),
			districtName: z.string(),
			regencyName: z.string(),
			provinceName: z.string(),
		}),
		photo: z.object({ src: z.string(), width: z.int(), height: z.int() }).nullable(),
		state: z.enum(needStates),
		hidden: z.boolean().openapi({ description: 'Hidden by moderation: seen only by its owner' }),
		asksForMoney: z.boolean(),
		createdAt: z.iso.datetime(),
		closesAt: z.iso.datetime(),
		owner: person,
		organisation: z
			.object({ id: z.int(), name: z.string(), verified: z.literal(true) })
			.nullable()
			.openapi({ description: 'The verified organisation it was posted for' }),
		answered: z.int().openapi({ description: 'Confirmed givings that answer it' }),
	})
	.openapi('Need');

/** An offer as the need's owner or its donor sees it. */
export const needOfferSchema = z
	.object({
		id: z.int(),
		needId: z.int(),
		state: z.enum(offerStates),
		quantity: z.int(),
		message: z.string().nullable(),
		createdAt: z.iso.datetime(),
		item: z.object({ id: z.int(), name: z.string(), cover: z.string().nullable() }),
		donor: person,
		donorBlocked: z.boolean().openapi({
			description: 'Whether the caller blocked the donor (always false for the donor)',
		}),
		requestId: z.int().nullable(),
	})
	.openapi('NeedOffer');

const idParams = z.object({ id: z.coerce.number().int().min(1) });
const notFound = refuseInput(() => new AppError('NOT_FOUND'));

/** Reads a JSON body for a handler that checks it with the form's own schema. */
async function jsonBody(request: Request): Promise<unknown> {
	return request.json().catch(() => {
		throw new AppError('VALIDATION_ERROR');
	});
}

const ownerErrors = ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED'] as const;

/** Needs and their offers (docs/product-rules.md#needs). */
export function needRoutes(server: ServerContext & { needPosted: NeedPosted }) {
	const write = rateLimit(server, 'write', rateLimitRules.write);
	const photoLimit = bodyLimit({
		maxSize: needBodyLimit,
		onError: () => {
			throw new AppError('IMAGE_TOO_LARGE', { photo: 'needs.errors.photoTooLarge' });
		},
	});

	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'post',
				path: '/needs',
				summary: 'Post a need, for oneself or for one’s verified organisation',
				description:
					'Needs a complete profile. At most 3 open needs per person and 10 posted a day; a person asks for up to 10 of a thing, a verified organisation for more by its kind. The photo is a data URL of a JPEG, PNG or WebP file of at most 5 MB.',
				security: signedIn,
				middleware: [requireUser, write, photoLimit],
				request: { body: checkedBody('application/json', needInputSchema) },
				responses: {
					201: dataResponse('The need, posted', needSchema),
					...errorResponses(
						'VALIDATION_ERROR',
						'UNAUTHORIZED',
						'FORBIDDEN',
						'REQUEST_LIMIT',
						'IMAGE_TOO_LARGE',
						'INVALID_IMAGE_FORMAT',
						'RATE_LIMITED',
					),
				},
			}),
			async (c) => {
				const user = c.get('user')!;
				const { id } = await createNeed(server, user, await jsonBody(c.req.raw));
				return c.json({ data: await findNeed(server.db, id, user) }, 201);
			},
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/needs/mine',
				summary: 'The caller’s needs, newest first, whatever their state',
				security: signedIn,
				middleware: [requireUser],
				responses: {
					200: dataResponse('The caller’s needs', z.array(needSchema)),
					...errorResponses('UNAUTHORIZED'),
				},
			}),
			async (c) => c.json({ data: await myNeeds(server.db, c.get('user')!.id) }, 200),
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/needs/offerable-items',
				summary: 'The caller’s available listings, which they may offer to a need',
				security: signedIn,
				middleware: [requireUser],
				responses: {
					200: dataResponse(
						'Available listings with what is left of each',
						z.array(z.object({ id: z.int(), name: z.string(), left: z.int() })),
					),
					...errorResponses('UNAUTHORIZED'),
				},
			}),
			async (c) => c.json({ data: await offerableItems(server.db, c.get('user')!.id) }, 200),
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/needs/{id}',
				summary: 'One need; a hidden one only to its owner',
				security: signedInOrNot,
				request: { params: idParams },
				responses: {
					200: dataResponse('The need', needSchema),
					...errorResponses('NOT_FOUND'),
				},
			}),
			async (c) =>
				c.json(
					{ data: await findNeed(server.db, c.req.valid('param').id, c.get('user') ?? null) },
					200,
				),
			notFound,
		)
		.openapi(
			createRoute({
				method: 'put',
				path: '/needs/{id}',
				summary: 'Edit one’s open need',
				description:
					'The same fields as posting. A new photo replaces the saved one, `photo: null` removes it, leaving it out keeps it; leaving out the district keeps it.',
				security: signedIn,
				middleware: [requireUser, write, photoLimit],
				request: { params: idParams, body: checkedBody('application/json', needInputSchema) },
				responses: {
					200: dataResponse('The need after the change', needSchema),
					...errorResponses(
						'VALIDATION_ERROR',
						'REQUEST_CONFLICT',
						'IMAGE_TOO_LARGE',
						'INVALID_IMAGE_FORMAT',
						...ownerErrors,
					),
				},
			}),
			async (c) => {
				const user = c.get('user')!;
				const { id } = c.req.valid('param');
				await updateNeed(server, user, id, await jsonBody(c.req.raw));
				return c.json({ data: await findNeed(server.db, id, user) }, 200);
			},
			notFound,
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/needs/{id}/renew',
				summary: 'Keep one’s need open for another 30 days from now',
				security: signedIn,
				middleware: [requireUser, write],
				request: { params: idParams },
				responses: {
					200: dataResponse('The need, renewed', needSchema),
					...errorResponses('REQUEST_CONFLICT', 'REQUEST_LIMIT', ...ownerErrors),
				},
			}),
			async (c) => {
				const user = c.get('user')!;
				const { id } = c.req.valid('param');
				await renewNeed(server.db, user, id);
				return c.json({ data: await findNeed(server.db, id, user) }, 200);
			},
			notFound,
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/needs/{id}/close',
				summary: 'Mark one’s open need fulfilled, or close it',
				security: signedIn,
				middleware: [requireUser, write],
				request: { params: idParams, body: checkedBody('application/json', needCloseSchema) },
				responses: {
					200: dataResponse('The need, closed', needSchema),
					...errorResponses('VALIDATION_ERROR', 'REQUEST_CONFLICT', ...ownerErrors),
				},
			}),
			async (c) => {
				const user = c.get('user')!;
				const { id } = c.req.valid('param');
				const parsed = needCloseSchema.safeParse(await jsonBody(c.req.raw));
				if (!parsed.success) {
					throw new AppError('VALIDATION_ERROR', fieldErrors(parsed.error.issues));
				}
				await closeNeed(server.db, user, id, parsed.data.state);
				return c.json({ data: await findNeed(server.db, id, user) }, 200);
			},
			notFound,
		)
		.openapi(
			createRoute({
				method: 'delete',
				path: '/needs/{id}',
				summary: 'Delete one’s need and its offers; givings it led to stay',
				security: signedIn,
				middleware: [requireUser, write],
				request: { params: idParams },
				responses: {
					200: dataResponse('Deleted', z.object({ deleted: z.literal(true) })),
					...errorResponses(...ownerErrors),
				},
			}),
			async (c) => {
				await deleteNeed(server, c.get('user')!, c.req.valid('param').id);
				return c.json({ data: { deleted: true as const } }, 200);
			},
			notFound,
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/needs/{id}/offers',
				summary: 'Offer one of one’s available listings to a need',
				description:
					'Needs a complete profile. The item is the caller’s, available, with at least `quantity` left; the note is at most 280 characters. The need’s owner is told.',
				security: signedIn,
				middleware: [requireUser, write],
				request: { params: idParams, body: checkedBody('application/json', offerInputSchema) },
				responses: {
					201: dataResponse('The offer, made', z.object({ id: z.int() })),
					...errorResponses('VALIDATION_ERROR', 'BLOCKED', 'REQUEST_CONFLICT', ...ownerErrors),
				},
			}),
			async (c) => {
				const offer = await offerItem(
					server.db,
					c.get('user')!,
					c.req.valid('param').id,
					await jsonBody(c.req.raw),
				);
				return c.json({ data: offer }, 201);
			},
			notFound,
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/needs/{id}/offers',
				summary: 'A need’s offers: all of them to its owner, one’s own to a donor',
				security: signedIn,
				middleware: [requireUser],
				request: { params: idParams },
				responses: {
					200: dataResponse('Offers, newest first', z.array(needOfferSchema)),
					...errorResponses('UNAUTHORIZED', 'NOT_FOUND'),
				},
			}),
			async (c) =>
				c.json(
					{ data: await offersForNeed(server.db, c.get('user')!, c.req.valid('param').id) },
					200,
				),
			notFound,
		)
		.openapi(
			createRoute({
				method: 'delete',
				path: '/needs/offers/{id}',
				summary: 'Withdraw one’s offer before it is answered',
				security: signedIn,
				middleware: [requireUser, write],
				request: { params: idParams },
				responses: {
					200: dataResponse('Withdrawn', z.object({ withdrawn: z.literal(true) })),
					...errorResponses('REQUEST_CONFLICT', ...ownerErrors),
				},
			}),
			async (c) => {
				await withdrawOffer(server.db, c.get('user')!, c.req.valid('param').id);
				return c.json({ data: { withdrawn: true as const } }, 200);
			},
			notFound,
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/needs/offers/{id}/decline',
				summary: 'Decline an offer to one’s need; its donor is told',
				security: signedIn,
				middleware: [requireUser, write],
				request: { params: idParams },
				responses: {
					200: dataResponse('Declined', z.object({ declined: z.literal(true) })),
					...errorResponses('REQUEST_CONFLICT', ...ownerErrors),
				},
			}),
			async (c) => {
				await declineOffer(server.db, c.get('user')!, c.req.valid('param').id);
				return c.json({ data: { declined: true as const } }, 200);
			},
			notFound,
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/needs/offers/{id}/accept',
				summary: 'Accept an offer: the item is asked for and reserved for the need’s owner',
				description:
					'Every rule of asking and reserving applies (blocks, limits, what is left of the item). The request that follows remembers the need; hand-over and confirmation follow as for any request.',
				security: signedIn,
				middleware: [requireUser, write],
				request: { params: idParams },
				responses: {
					200: dataResponse(
						'Accepted, with the reserved request',
						z.object({ requestId: z.int() }),
					),
					...errorResponses(
						'VALIDATION_ERROR',
						'BLOCKED',
						'REQUEST_CONFLICT',
						'REQUEST_LIMIT',
						'CHOOSE_LATER',
						...ownerErrors,
					),
				},
			}),
			async (c) => {
				const accepted = await acceptOffer(server.db, c.get('user')!, c.req.valid('param').id, {
					locale: c.get('locale'),
				});
				return c.json({ data: accepted }, 200);
			},
			notFound,
		);
}
