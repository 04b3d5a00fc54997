import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { z as zm } from 'zod/mini';
import { itemIdParams, missingItem } from '~/features/items/item-api.server';
import { fieldErrors } from '~/lib/field-errors';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { rateLimit, requireUser } from '~/server/http/middleware';
import { anyone, checkedBody, dataResponse, errorResponses, signedIn } from '~/server/http/openapi';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { receivePaymentNotification } from './order-payments.server';
import type { OrderContext } from './order-rules.server';
import { findOrder, findRequestOrder, resumeOrder } from './order-views.server';
import {
	courierOrderInputSchema,
	orderActions,
	orderDeclineSchema,
	orderStates,
	simulatedPaymentSchema,
} from './orders';
import { readyForPickup } from './order-shipping.server';
import { createCourierOrder, endOrder } from './orders.server';
import type { ShippingContext } from './rates.server';
import { durationRangeSchema } from './shipping.routes';
import { paySimulated } from './simulated-payment.server';

const rupiah = z.int().openapi({ description: 'Whole rupiah' });

/** An order as the API answers it, to its receiver or to the item's donor. */
export const orderSchema = z
	.object({
		id: z.string(),
		/** Who is looking: the receiver who pays, or the donor who ships. */
		viewer: z.enum(['receiver', 'donor']),
		requestId: z.int(),
		itemId: z.int(),
		itemName: z.string(),
		quantity: z.int(),
		state: z.enum(orderStates),
		recipient: z.object({
			name: z.string(),
			phone: z.string(),
			address: z.string(),
			areaName: z.string(),
			postalCode: z.string(),
		}),
		courier: z.object({
			code: z.string(),
			service: z.string(),
			name: z.string(),
			duration: z.string().openapi({ example: '2 - 3 days' }),
			durationRange: durationRangeSchema.nullable().openapi({
				description: 'The estimate as numbers; null where the courier’s words are not numbers',
			}),
		}),
		amounts: z.object({ shipping: rupiah, fee: rupiah, insurance: rupiah, total: rupiah }),
		payment: z
			.object({
				simulated: z.boolean(),
				token: z.string().nullable().openapi({ description: 'For Snap.js' }),
				redirectUrl: z.string().nullable().openapi({ description: 'Snap’s page, the fallback' }),
			})
			.nullable()
			.openapi({ description: 'To the receiver while the order is unpaid' }),
		payBy: z.iso.datetime(),
		paidAt: z.iso.datetime().nullable(),
		waybill: z.string().nullable(),
		tracking: z.array(z.object({ status: z.string(), note: z.string(), at: z.iso.datetime() })),
		declineReason: z.string().nullable(),
		createdAt: z.iso.datetime(),
		shippedAt: z.iso.datetime().nullable(),
		deliveredAt: z.iso.datetime().nullable(),
		actions: z.array(z.enum(orderActions)).openapi({ description: 'What the caller may do now' }),
	})
	.openapi('CourierOrder');

const orderIdParams = z.object({ id: z.string().min(1).max(64) });
const requestIdParams = z.object({ id: z.coerce.number().int().min(1) });

/** Reads a JSON body with a schema the browser shares, naming each field's error. */
async function readBody<S extends zm.ZodMiniType>(
	read: () => Promise<unknown>,
	schema: S,
): Promise<zm.output<S>> {
	const body: unknown = await read().catch(() => {
		throw new AppError('VALIDATION_ERROR');
	});
	const parsed = schema.safeParse(body);
	if (!parsed.success) throw new AppError('VALIDATION_ERROR', fieldErrors(parsed.error.issues));
	return parsed.data as zm.output<S>;
}

const orderErrors = ['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'ORDER_CONFLICT'] as const;

/** Courier orders, their payment and shipment (`/api/items/{id}/courier-orders`, `/api/courier-orders…`). */
export function orderRoutes(server: ServerContext & OrderContext & ShippingContext) {
	const write = rateLimit(server, 'write', rateLimitRules.write);
	const step = (
		summary: string,
		path: string,
		extra: readonly ('VALIDATION_ERROR' | 'SHIPMENT_UNAVAILABLE')[] = [],
	) =>
		createRoute({
			method: 'post',
			path,
			summary,
			security: signedIn,
			middleware: [requireUser, write],
			request: { params: orderIdParams },
			responses: {
				200: dataResponse('The order after the step', orderSchema),
				...errorResponses(...orderErrors, 'RATE_LIMITED', ...extra),
			},
		});

	return new OpenAPIHono<AppEnv>()
		.openapi(
			createRoute({
				method: 'post',
				path: '/items/{id}/courier-orders',
				summary: 'Order courier delivery of an item, unpaid; answers the payment to open',
				description:
					'The rate is quoted again on the server and must be the one chosen at the price shown (`INVALID_COURIER` otherwise). The quantity is held only once the payment is verified.',
				security: signedIn,
				middleware: [requireUser, write],
				request: {
					params: itemIdParams,
					body: checkedBody('application/json', courierOrderInputSchema),
				},
				responses: {
					201: dataResponse('The new order', orderSchema),
					...errorResponses(
						'VALIDATION_ERROR',
						...orderErrors,
						'LOCATION_NOT_FOUND',
						'NO_SHIPPING_SERVICES',
						'INVALID_COURIER',
						'REQUEST_LIMIT',
						'CHOOSE_LATER',
						'RATE_LIMITED',
						'SHIPPING_UNAVAILABLE',
						'RATES_UNAVAILABLE',
						'PAYMENT_UNAVAILABLE',
					),
				},
			}),
			async (c) => {
				const user = c.get('user')!;
				const input = await readBody(() => c.req.json(), courierOrderInputSchema);
				const orderId = await createCourierOrder(
					server,
					user,
					c.req.valid('param').id,
					input,
					{
						courierCode: input.courierCode,
						serviceCode: input.serviceCode,
						price: input.ratePrice,
						insuranceFee: input.rateInsuranceFee,
					},
					new Date(),
					c.get('locale'),
				);
				return c.json({ data: await findOrder(server, user, orderId) }, 201);
			},
			missingItem,
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/courier-orders/{id}',
				summary: 'A courier order, to its receiver or its donor, with its tracking',
				security: signedIn,
				middleware: [requireUser],
				request: { params: orderIdParams },
				responses: {
					200: dataResponse('The order', orderSchema),
					...errorResponses('UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'),
				},
			}),
			async (c) =>
				c.json({ data: await findOrder(server, c.get('user')!, c.req.valid('param').id) }, 200),
		)
		.openapi(
			createRoute({
				method: 'get',
				path: '/requests/{id}/courier-order',
				summary: 'The courier order of a request sent by courier',
				security: signedIn,
				middleware: [requireUser],
				request: { params: requestIdParams },
				responses: {
					200: dataResponse('The order', orderSchema),
					...errorResponses('UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'),
				},
			}),
			async (c) =>
				c.json(
					{ data: await findRequestOrder(server, c.get('user')!, c.req.valid('param').id) },
					200,
				),
			(result) => {
				if (!result.success) throw new AppError('NOT_FOUND');
			},
		)
		.openapi(
			step(
				'Come back to an unpaid order: its payment, checked with the provider first',
				'/courier-orders/{id}/resume',
			),
			async (c) =>
				c.json({ data: await resumeOrder(server, c.get('user')!, c.req.valid('param').id) }, 200),
		)
		.openapi(
			step('The receiver cancels; a paid order is refunded', '/courier-orders/{id}/cancel'),
			async (c) => {
				const user = c.get('user')!;
				const { id } = c.req.valid('param');
				await endOrder(server, user, id, 'receiver', null);
				return c.json({ data: await findOrder(server, user, id) }, 200);
			},
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/courier-orders/{id}/decline',
				summary: 'The donor declines a paid order, with a reason; it is refunded',
				security: signedIn,
				middleware: [requireUser, write],
				request: {
					params: orderIdParams,
					body: checkedBody('application/json', orderDeclineSchema),
				},
				responses: {
					200: dataResponse('The order after the step', orderSchema),
					...errorResponses('VALIDATION_ERROR', ...orderErrors, 'RATE_LIMITED'),
				},
			}),
			async (c) => {
				const user = c.get('user')!;
				const { id } = c.req.valid('param');
				const { reason } = await readBody(() => c.req.json(), orderDeclineSchema);
				await endOrder(server, user, id, 'donor', reason);
				return c.json({ data: await findOrder(server, user, id) }, 200);
			},
		)
		.openapi(
			step('The donor has the parcel ready: the shipment is booked', '/courier-orders/{id}/ready', [
				'SHIPMENT_UNAVAILABLE',
			]),
			async (c) => {
				const user = c.get('user')!;
				const { id } = c.req.valid('param');
				await readyForPickup(server, user, id);
				return c.json({ data: await findOrder(server, user, id) }, 200);
			},
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/courier-orders/{id}/simulated-payment',
				summary: 'The built-in payment page’s outcome (embedded mode only)',
				description:
					'Becomes a signed notification in Midtrans’s shape and goes through the same verification and steps as a real one. `NOT_FOUND` where payments are real.',
				security: signedIn,
				middleware: [requireUser, write],
				request: {
					params: orderIdParams,
					body: checkedBody('application/json', simulatedPaymentSchema),
				},
				responses: {
					200: dataResponse('The order after the payment', orderSchema),
					...errorResponses('VALIDATION_ERROR', ...orderErrors, 'RATE_LIMITED'),
				},
			}),
			async (c) => {
				const user = c.get('user')!;
				const { id } = c.req.valid('param');
				const { outcome } = await readBody(() => c.req.json(), simulatedPaymentSchema);
				await paySimulated(server, user, id, outcome);
				return c.json({ data: await findOrder(server, user, id) }, 200);
			},
		)
		.openapi(
			createRoute({
				method: 'post',
				path: '/payments/midtrans/notification',
				summary: 'Midtrans’s payment notification (webhook)',
				description:
					'Stored raw with its verification (signature over the raw texts, amount equal to the order’s total), then applied when it checks out. Always 200, so the provider does not retry a notification that will not get better.',
				security: anyone,
				// Read raw, never parsed by a validator: the signature is over the body's own texts.
				request: {
					body: {
						required: true,
						content: { 'application/json': { schema: { type: 'object' as const } } },
					},
				},
				responses: {
					200: dataResponse(
						'Received',
						z.object({ received: z.literal(true), verification: z.string() }),
					),
				},
			}),
			async (c) => {
				const { verification } = await receivePaymentNotification(server, await c.req.text());
				return c.json({ data: { received: true as const, verification } }, 200);
			},
		);
}
