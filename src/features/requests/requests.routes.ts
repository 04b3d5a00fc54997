import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { itemLimits, pickupLimits, reliabilityLimits } from '~/config/limits';
import { itemIdParams, missingItem } from '~/features/items/item-api.server';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit, rateLimitInTransaction, requireUser } from '~/server/http/middleware';
import {
	checkedBody,
	dataResponse,
	errorResponses,
	refuseInvalidFields,
	signedIn,
} from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { askForItem } from './asking.server';
import { noShowDisputeSchema, noShowDisputeStates } from './no-show-disputes';
import { disputeNoShow } from './no-show-disputes.server';
import { findRequest, itemRequestsForDonor, myRequests } from './request-views.server';
import { declineReasons, requestActions, requestStates } from './requests';
import { changeRequest } from './requests.server';
import { pickupCalendarFile, setPickup } from './pickup.server';

const person = z.object({
	id: z.string(),
	name: z.string(),
	avatar: z.string().nullable(),
	phone: z.string().optional().openapi({
		description:
			'To the donor while the request is in progress; to the receiver once it is reserved or handed over',
	}),
});

/** A request as the API answers it, to its receiver or to the item's donor. */
export const requestSchema = z
	.object({
		id: z.int(),
		itemId: z.int(),
		state: z.enum(requestStates),
		method: z.enum(['pickup', 'courier']),
		quantity: z.int().openapi({ description: 'Asked for, then what the reservation holds' }),
		givenQuantity: z.int().nullable(),
		declineReason: z.string().nullable(),
		disputes: z.int(),
		reservedUntil: z.iso.datetime().nullable(),
		createdAt: z.iso.datetime(),
		updatedAt: z.iso.datetime(),
		handedOverAt: z.iso.datetime().nullable(),
		confirmedAt: z.iso.datetime().nullable(),
		/** Until when the receiver may still confirm or dispute a hand-over. */
		confirmBy: z.iso.datetime().nullable(),
		/** Whether this confirmed hand-over counts for impact (the collusion limits may say no). */
		countsForImpact: z.boolean(),
		noShowDispute: z.enum(noShowDisputeStates).nullable().openapi({
			description:
				'For a request that ended as a no-show: `disputable` by the person it counts against while it counts, `pending` once disputed, then `upheld` or `struck` by a moderator',
		}),
		/** The pickup time and place the donor agreed, while it is reserved. */
		pickup: z
			.object({
				from: z.iso.datetime(),
				until: z.iso.datetime(),
				place: z.string().nullable(),
			})
			.nullable()
			.openapi({
				description:
					'The agreed pickup window and place, while reserved; `/api/requests/{id}/pickup.ics` adds it to a calendar',
			}),
		item: z.object({
			id: z.int(),
			name: z.string(),
			status: z.string(),
			/** The cover photo's smallest width, or null when the item has none. */
			photo: z.string().nullable(),
			quantity: z.int(),
			reservedQuantity: z.int(),
			chooseAt: z.iso.datetime().nullable().openapi({
				description: 'When its donor, who lets requests gather, may choose; null for first come',
			}),
		}),
		donor: person
			.extend({ blocked: z.boolean() })
			.optional()
			.openapi({ description: 'To the receiver, with whether they blocked the donor' }),
		receiver: person
			.extend({
				pickupsCompleted: z.int().openapi({ description: 'Hand-overs in the last 90 days' }),
				noShows: z.int().openapi({ description: 'No-shows in the last 90 days' }),
				recentlyReceived: z.int().openapi({ description: 'Hand-overs in the last 14 days' }),
				blocked: z.boolean(),
			})
			.optional()
			.openapi({
				description: 'To the donor, with their record of collecting and whether they blocked them',
			}),
		/** For the donor: not seen before this list was opened. */
		isNew: z.boolean().optional(),
		actions: z.array(z.enum(requestActions)).openapi({ description: 'What the caller may do now' }),
		noShowWarning: z.string().optional().openapi({
			description:
				'Answering an ask: a warning that the receiver’s no-shows of the last 90 days near the limit',
		}),
	})
	.openapi('ItemRequest');

const quantity = (key: string) => z.int(key).min(1, key).max(itemLimits.quantityMax, key);

const askBody = z.object({ quantity: quantity('requests.errors.quantityInvalid') });

const pickupTime = z.iso
	.datetime({ offset: true, error: 'pickup.errors.pickupTimeInvalid' })
	.openapi({ description: 'In Jakarta’s time (`+07:00`) or any other offset' });

/** An agreed pickup: the window's start and end, and a note of the place. */
const pickupFields = {
	pickupFrom: pickupTime,
	pickupUntil: pickupTime,
	pickupPlace: z
		.string('pickup.errors.pickupPlaceTooLong')
		.trim()
		.max(pickupLimits.placeMax, 'pickup.errors.pickupPlaceTooLong'),
};

/** The pickup time set or changed on a reservation. */
export const pickupBody = z.object({
	pickupFrom: pickupFields.pickupFrom.optional(),
	pickupUntil: pickupFields.pickupUntil.optional(),
	pickupPlace: pickupFields.pickupPlace.optional(),
});

/**
 * A step on a request: the action, with a smaller quantity or a decline's reason; reserving may
 * agree the pickup time at once.
 */
export const changeBody = z.object({
	action: z.enum(requestActions, 'requests.errors.actionInvalid'),
	quantity: quantity('requests.errors.quantityInvalid').optional(),
	reason: z.enum(declineReasons, 'requests.errors.reasonInvalid').optional(),
	pickupFrom: pickupFields.pickupFrom.optional(),
	pickupUntil: pickupFields.pickupUntil.optional(),
	pickupPlace: pickupFields.pickupPlace.optional(),
});

const requestIdParams = z.object({ id: z.coerce.number().int().min(1) });

const json = <T extends z.ZodType>(schema: T) => ({
	required: true,
	content: { 'application/json': { schema } },
});

/** Requests and the givings they become (`/api/requests…`, `/api/items/{id}/requests`). */
export function requestRoutes(server: ServerContext) {
	const write = rateLimit(server, 'write', rateLimitRules.write);
	// Asking is one transaction: the hit is counted in it.
	const writeWhileAsking = rateLimitInTransaction(server, 'write', rateLimitRules.write);

	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'post',
				path: '/items/{id}/requests',
				summary: 'Ask for an item; asking again updates the open request',
				security: signedIn,
				middleware: [requireUser, writeWhileAsking],
				request: { params: itemIdParams, body: json(askBody) },
				responses: {
					200: dataResponse('The request already made, updated', requestSchema),
					201: dataResponse('The new request', requestSchema),
					...errorResponses(
						'VALIDATION_ERROR',
						'UNAUTHORIZED',
						'FORBIDDEN',
						'NOT_FOUND',
						'REQUEST_CONFLICT',
						'REQUEST_LIMIT',
						'RATE_LIMITED',
					),
				},
			}),
			async (c) => {
				const user = c.get('user')!;
				const { request, created, noShows } = await askForItem(
					server.db,
					user,
					c.req.valid('param').id,
					c.req.valid('json').quantity,
					{ countHitWithin: c.get('countHitWithin'), locale: c.get('locale') },
				);
				const warned = noShows >= reliabilityLimits.warnAtNoShows;
				const data = warned
					? {
							...request,
							noShowWarning: c.get('t')('requests.noShowWarning', {
								count: noShows,
								limit: reliabilityLimits.limitAtNoShows,
							}),
						}
					: request;
				return created ? c.json({ data }, 201) : c.json({ data }, 200);
			},
			(result) => {
				if (!result.success && result.target === 'param') return missingItem(result);
				return refuseInvalidFields(result);
			},
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/items/{id}/requests',
				summary: 'The requests for the caller’s item, in progress first',
				security: signedIn,
				middleware: [requireUser],
				request: { params: itemIdParams },
				responses: {
					200: dataResponse('The item’s requests', z.array(requestSchema)),
					...errorResponses('UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'),
				},
			}),
			async (c) =>
				c.json(
					{ data: await itemRequestsForDonor(server.db, c.get('user')!, c.req.valid('param').id) },
					200,
				),
			missingItem,
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/requests/mine',
				summary: 'The caller’s requests as a receiver, newest first',
				security: signedIn,
				middleware: [requireUser],
				request: {
					query: z.object({
						item: z.coerce.number().int().min(1).optional().openapi({
							description: 'Only the requests for this item',
						}),
					}),
				},
				responses: {
					200: dataResponse('The caller’s requests', z.array(requestSchema)),
					...errorResponses('VALIDATION_ERROR', 'UNAUTHORIZED'),
				},
			}),
			async (c) =>
				c.json(
					{ data: await myRequests(server.db, c.get('user')!.id, c.req.valid('query').item) },
					200,
				),
		)
		.openapi(
			createRoute({
				method: 'patch',
				path: '/requests/{id}',
				summary:
					'Move a request on: reserve, decline, hand over, withdraw, confirm, dispute, extend',
				description:
					'Only the item’s donor may reserve, decline, hand over and extend; only the receiver may withdraw, confirm and dispute.',
				security: signedIn,
				middleware: [requireUser, write],
				request: { params: requestIdParams, body: json(changeBody) },
				responses: {
					200: dataResponse('The request after the change', requestSchema),
					...errorResponses(
						'VALIDATION_ERROR',
						'UNAUTHORIZED',
						'FORBIDDEN',
						'NOT_FOUND',
						'REQUEST_CONFLICT',
						'REQUEST_LIMIT',
						'CHOOSE_LATER',
						'RATE_LIMITED',
					),
				},
			}),
			async (c) => {
				const user = c.get('user')!;
				const id = c.req.valid('param').id;
				await changeRequest(server.db, user, id, c.req.valid('json'), new Date(), c.get('locale'));
				return c.json({ data: await findRequest(server.db, user.id, id) }, 200);
			},
			(result) => {
				if (!result.success && result.target === 'param') throw new AppError('NOT_FOUND');
				return refuseInvalidFields(result);
			},
		)
		.openapi(
			createRoute({
				method: 'put',
				path: '/requests/{id}/pickup',
				summary: 'Agree or change the pickup time and place of a reservation',
				description:
					'Only the item’s donor, on a reserved pickup request; the receiver is told. The reservation lasts at least until the window ends.',
				security: signedIn,
				middleware: [requireUser, write],
				request: { params: requestIdParams, body: json(pickupBody) },
				responses: {
					200: dataResponse('The request with its pickup time', requestSchema),
					...errorResponses(
						'VALIDATION_ERROR',
						'UNAUTHORIZED',
						'FORBIDDEN',
						'NOT_FOUND',
						'REQUEST_CONFLICT',
						'RATE_LIMITED',
					),
				},
			}),
			async (c) => {
				const user = c.get('user')!;
				const id = c.req.valid('param').id;
				await setPickup(server.db, user, id, c.req.valid('json'));
				return c.json({ data: await findRequest(server.db, user.id, id) }, 200);
			},
			(result) => {
				if (!result.success && result.target === 'param') throw new AppError('NOT_FOUND');
				return refuseInvalidFields(result);
			},
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/requests/{id}/pickup.ics',
				summary: 'The agreed pickup time as a calendar file (iCalendar)',
				description:
					'Only to the donor and the receiver of the request, while it is reserved with a pickup time; NOT_FOUND to anyone else.',
				security: signedIn,
				request: { params: requestIdParams },
				responses: {
					200: {
						description: 'One event, in UTC',
						content: { 'text/calendar': { schema: z.string() } },
					},
					...errorResponses('NOT_FOUND'),
				},
			}),
			async (c) => {
				// Signed out, the request is as unknown as to anyone else.
				const user = c.get('user');
				if (!user) throw new AppError('NOT_FOUND');
				const file = await pickupCalendarFile(server.db, user, c.req.valid('param').id, {
					t: c.get('t'),
					locale: c.get('locale'),
					publicUrl: server.config.publicUrl,
				});
				return c.body(file, 200, {
					'content-type': 'text/calendar; charset=utf-8',
					'content-disposition': `attachment; filename="hibahin-pickup-${c.req.valid('param').id}.ics"`,
					'cache-control': 'private, no-store',
				});
			},
			(result) => {
				if (!result.success) throw new AppError('NOT_FOUND');
			},
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/requests/{id}/no-show-dispute',
				summary: 'Dispute the no-show a request counts against the caller',
				description:
					'Once per request, by the person it counts against, while it counts (90 days). It keeps counting until a moderator strikes it on the desk.',
				security: signedIn,
				middleware: [requireUser, write],
				request: {
					params: requestIdParams,
					body: checkedBody('application/json', noShowDisputeSchema),
				},
				responses: {
					201: dataResponse('The request, its no-show disputed', requestSchema),
					...errorResponses(
						'VALIDATION_ERROR',
						'UNAUTHORIZED',
						'NOT_FOUND',
						'REQUEST_CONFLICT',
						'RATE_LIMITED',
					),
				},
			}),
			async (c) => {
				// `disputeNoShow` checks the body with the dialog's schema and names each field's error.
				const body: unknown = await c.req.json().catch(() => {
					throw new AppError('VALIDATION_ERROR');
				});
				const id = c.req.valid('param').id;
				return c.json({ data: await disputeNoShow(server.db, c.get('user')!, id, body) }, 201);
			},
			(result) => {
				if (!result.success && result.target === 'param') throw new AppError('NOT_FOUND');
			},
		);
}
