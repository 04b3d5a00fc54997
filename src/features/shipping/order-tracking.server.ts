import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { courierOrders, itemRequests, items } from '~/server/db/schema';
import { closeActiveRequests, statusFor } from '~/features/items/item-stock.server';
import { checkPaymentStatus, settlePayment } from './order-payments.server';
import {
	allows,
	lockOrder,
	moveOrder,
	type OrderContext,
	type OrderRow,
	tellAboutOrder,
} from './order-rules.server';
import { unpaidOrderStates } from './orders';

/**
 * The parcel arrived: the order is `delivered`, its request handed over (for the receiver to
 * confirm, which counts for impact as every hand-over), and the quantity leaves the item, which
 * is `DONATED` when nothing is left and otherwise takes requests again.
 */
async function deliver(context: OrderContext, orderId: string, now: Date): Promise<void> {
	await context.db.transaction(async (tx) => {
		const { order, item } = await lockOrder(tx, orderId);
		if (!allows(order, 'deliver')) return;
		await moveOrder(tx, order, 'deliver', now, { deliveredAt: now });
		await tx
			.update(itemRequests)
			.set({
				state: 'handedOver',
				givenQuantity: order.quantity,
				handedOverAt: now,
				reservedUntil: null,
				updatedAt: now,
			})
			.where(eq(itemRequests.id, order.requestId));
		const left = item.quantity - order.quantity;
		const reserved = item.reservedQuantity - order.quantity;
		// A SHIPPED item takes the status its quantities give again, as the parcel left it.
		const status = statusFor(left, reserved);
		await tx
			.update(items)
			.set({
				quantity: left,
				reservedQuantity: reserved,
				status,
				donatedAt: status === 'DONATED' ? (item.donatedAt ?? now) : null,
				updatedAt: now,
			})
			.where(eq(items.id, item.id));
		if (status === 'DONATED') {
			await closeActiveRequests(tx, { ...item, quantity: left }, 'requestClosed', 'noneLeft', now);
		}
		await tellAboutOrder(tx, order, item, 'receiver', 'orderDelivered');
	});
}

/**
 * Asks the courier where a shipped order's parcel is, at most once per the courier's
 * `trackingRefreshMs`, keeps the timeline and delivers the order once it arrived.
 * A courier that cannot answer leaves the timeline as it was.
 */
export async function refreshTracking(
	context: OrderContext,
	order: OrderRow,
	now = new Date(),
): Promise<void> {
	if (order.state !== 'shipped' || !order.shipmentId || !order.shippedAt) return;
	const refreshMs = context.shipments.trackingRefreshMs;
	if (order.trackedAt && now.getTime() - order.trackedAt.getTime() < refreshMs) return;
	let progress;
	try {
		progress = await context.shipments.track(
			{ shipmentId: order.shipmentId, waybill: order.waybill, trackingId: order.trackingId },
			order.shippedAt,
			now,
		);
	} catch (error) {
		console.warn(`Tracking of order ${order.id} failed`, error);
		return;
	}
	await context.db
		.update(courierOrders)
		.set({ tracking: progress.steps, trackedAt: now })
		.where(and(eq(courierOrders.id, order.id), eq(courierOrders.state, 'shipped')));
	if (progress.delivered) await deliver(context, order.id, now);
}

/**
 * The orders' upkeep, run by the maintenance loop: unpaid orders past their time are checked once
 * more with the provider (a notification may have been lost) and otherwise expire; shipped ones
 * have their tracking followed.
 */
export async function orderUpkeep(
	context: OrderContext,
	now = new Date(),
): Promise<{ expired: number; tracked: number }> {
	const due = await context.db
		.select()
		.from(courierOrders)
		.where(and(inArray(courierOrders.state, [...unpaidOrderStates]), lt(courierOrders.payBy, now)));
	let expired = 0;
	for (const order of due) {
		const checked = await checkPaymentStatus(context, order, now).catch((error: unknown) => {
			console.warn(`Status check of order ${order.id} failed`, error);
			return null;
		});
		if (checked && checked !== 'pending') continue;
		if ((await settlePayment(context, order.id, 'expired', 'expire', now)) === 'expired') {
			expired += 1;
		}
	}
	const shipped = await context.db
		.select()
		.from(courierOrders)
		.where(
			and(
				eq(courierOrders.state, 'shipped'),
				or(
					isNull(courierOrders.trackedAt),
					lt(
						courierOrders.trackedAt,
						new Date(now.getTime() - context.shipments.trackingRefreshMs),
					),
				),
			),
		);
	for (const order of shipped) await refreshTracking(context, order, now);
	return { expired, tracked: shipped.length };
}
