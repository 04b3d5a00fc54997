import { eq } from 'drizzle-orm';
import { unreserved } from '~/features/items/item-stock.server';
import type { UserRow } from '~/server/auth/users';
import { courierOrders, items } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { checkPaymentStatus } from './order-payments.server';
import type { OrderContext, OrderRow } from './order-rules.server';
import { refreshTracking } from './order-tracking.server';
import { parseDuration } from './shipping';
import {
	type CourierOrder,
	type OrderActor,
	orderActionsFor,
	orderIdPattern,
	type OrderState,
	unpaidOrderStates,
} from './orders';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The order as one of its two people sees it, with the actions open to them now. */
export function orderView(
	order: OrderRow,
	itemName: string,
	viewer: Extract<OrderActor, 'donor' | 'receiver'>,
	simulated: boolean,
): CourierOrder {
	const state = order.state as OrderState;
	const unpaid = (unpaidOrderStates as readonly string[]).includes(state);
	return {
		id: order.id,
		viewer,
		requestId: order.requestId,
		itemId: order.itemId,
		itemName,
		quantity: order.quantity,
		state,
		recipient: {
			name: order.recipientName,
			phone: order.recipientPhone,
			address: order.address,
			areaName: order.destinationAreaName,
			postalCode: order.postalCode,
		},
		courier: {
			code: order.courierCode,
			service: order.courierService,
			name: order.courierName,
			duration: order.duration,
			durationRange: parseDuration(order.duration),
		},
		amounts: {
			shipping: order.shippingCost,
			fee: order.serviceFee,
			insurance: order.insuranceCost,
			total: order.total,
		},
		payment:
			viewer === 'receiver' && unpaid
				? { simulated, token: order.paymentToken, redirectUrl: order.paymentUrl }
				: null,
		payBy: order.payBy.toISOString(),
		paidAt: iso(order.paidAt),
		waybill: order.waybill,
		tracking: order.tracking,
		declineReason: order.declineReason,
		createdAt: order.createdAt.toISOString(),
		shippedAt: iso(order.shippedAt),
		deliveredAt: iso(order.deliveredAt),
		actions: orderActionsFor(state, viewer),
	};
}

/** The order's row; NOT_FOUND for an id that cannot be one, or names none. */
async function orderRow(context: OrderContext, orderId: string): Promise<OrderRow> {
	if (!orderIdPattern.test(orderId)) throw new AppError('NOT_FOUND');
	const [order] = await context.db
		.select()
		.from(courierOrders)
		.where(eq(courierOrders.id, orderId));
	if (!order) throw new AppError('NOT_FOUND');
	return order;
}

/**
 * `GET /courier-orders/{id}`: the order for its receiver or its donor (FORBIDDEN for anyone
 * else), its tracking brought up to date first while it travels.
 */
export async function findOrder(
	context: OrderContext,
	user: UserRow,
	orderId: string,
	now = new Date(),
): Promise<CourierOrder> {
	let order = await orderRow(context, orderId);
	const viewer = viewerOf(order, user);
	if (order.state === 'shipped') {
		await refreshTracking(context, order, now);
		order = await orderRow(context, orderId);
	}
	const [item] = await context.db
		.select({ name: items.name })
		.from(items)
		.where(eq(items.id, order.itemId));
	return orderView(order, item?.name ?? '', viewer, context.payments.simulated);
}

/**
 * Whether the receiver could order the item of an order that ended unpaid again now: it is still
 * available, with some of it free. The payment page offers paying again only then.
 */
export async function mayOrderAgain(
	context: OrderContext,
	order: Pick<CourierOrder, 'itemId'>,
): Promise<boolean> {
	const [item] = await context.db
		.select({
			status: items.status,
			quantity: items.quantity,
			reservedQuantity: items.reservedQuantity,
		})
		.from(items)
		.where(eq(items.id, order.itemId));
	return item?.status === 'AVAILABLE' && unreserved(item) > 0;
}

/** The order of a courier request, for either of its people; NOT_FOUND when it has none. */
export async function findRequestOrder(
	context: OrderContext,
	user: UserRow,
	requestId: number,
	now = new Date(),
): Promise<CourierOrder> {
	const [latest] = Number.isSafeInteger(requestId)
		? await context.db
				.select({ id: courierOrders.id })
				.from(courierOrders)
				.where(eq(courierOrders.requestId, requestId))
		: [];
	if (!latest) throw new AppError('NOT_FOUND');
	return findOrder(context, user, latest.id, now);
}

/**
 * `POST /courier-orders/{id}/resume`: the receiver comes back to an unpaid order. The provider is
 * asked first how the payment stands (it may be paid already); the answer is the order as it is
 * then, with the same payment to continue.
 */
export async function resumeOrder(
	context: OrderContext,
	user: UserRow,
	orderId: string,
	now = new Date(),
): Promise<CourierOrder> {
	const order = await orderRow(context, orderId);
	if (viewerOf(order, user) !== 'receiver') throw new AppError('FORBIDDEN');
	if ((unpaidOrderStates as readonly string[]).includes(order.state)) {
		await checkPaymentStatus(context, order, now).catch((error: unknown) => {
			console.warn(`Status check of order ${order.id} failed`, error);
		});
	}
	return findOrder(context, user, orderId, now);
}

function viewerOf(order: OrderRow, user: UserRow): 'donor' | 'receiver' {
	if (order.receiverId === user.id) return 'receiver';
	if (order.donorId === user.id) return 'donor';
	throw new AppError('FORBIDDEN');
}
