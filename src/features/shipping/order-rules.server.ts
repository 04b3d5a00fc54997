import { eq } from 'drizzle-orm';
import { notify } from '~/features/notifications/notifications.server';
import { type ItemRow, lockItem } from '~/features/items/item-stock.server';
import type { NotificationKind } from '~/features/notifications/notifications';
import type { Database, Transaction } from '~/server/db/client';
import { courierOrders, itemRequests } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { type OrderAction, type OrderState, orderTransitions } from './orders';
import type { PaymentProvider } from './payments.server';
import type { ShipmentProvider } from './shipments.server';

export type OrderRow = typeof courierOrders.$inferSelect;

/** What the order services need: the database and the two providers. */
export interface OrderContext {
	db: Database;
	payments: PaymentProvider;
	shipments: ShipmentProvider;
}

/** A refused order step, in the caller's language. */
export const orderConflict = (key: string, values?: Record<string, string | number>) =>
	new AppError('ORDER_CONFLICT', undefined, undefined, {
		key: `orders.errors.${key}`,
		...(values ? { values } : {}),
	});

/**
 * The order and its item, both locked until the transaction ends: the item first, as every change
 * of an item's quantities takes it, so orders and requests of one item take turns.
 */
export async function lockOrder(
	tx: Transaction,
	orderId: string,
): Promise<{ order: OrderRow; item: ItemRow }> {
	const [found] = await tx
		.select({ itemId: courierOrders.itemId })
		.from(courierOrders)
		.where(eq(courierOrders.id, orderId));
	if (!found) throw new AppError('NOT_FOUND');
	const item = await lockItem(tx, found.itemId);
	const [order] = await tx
		.select()
		.from(courierOrders)
		.where(eq(courierOrders.id, orderId))
		.for('update');
	if (!order) throw new AppError('NOT_FOUND');
	return { order, item };
}

/** Whether the order may take `action` now (the state machine's `from`). */
export function allows(order: OrderRow, action: OrderAction): boolean {
	return orderTransitions[action].from.includes(order.state as OrderState);
}

/** Moves the order to `action`'s state with the extra fields given. */
export async function moveOrder(
	tx: Transaction,
	order: OrderRow,
	action: OrderAction,
	now: Date,
	extra: Partial<typeof courierOrders.$inferInsert> = {},
): Promise<OrderState> {
	const state = orderTransitions[action].to;
	const closing = ['cancelled', 'failed', 'error', 'expired', 'refunded', 'review'].includes(state);
	await tx
		.update(courierOrders)
		.set({ state, updatedAt: now, ...(closing ? { closedAt: now } : {}), ...extra })
		.where(eq(courierOrders.id, order.id));
	return state;
}

/** Ends the order's request (it was never reserved, or its reservation is released by the caller). */
export async function closeOrderRequest(
	tx: Transaction,
	order: OrderRow,
	state: 'withdrawn' | 'declined' | 'expired',
	now: Date,
	declineReason: string | null = null,
): Promise<void> {
	await tx
		.update(itemRequests)
		.set({ state, declineReason, reservedUntil: null, closedAt: now, updatedAt: now })
		.where(eq(itemRequests.id, order.requestId));
}

/** Tells one side of an order what happened to it, naming the item. */
export function tellAboutOrder(
	tx: Transaction,
	order: OrderRow,
	item: Pick<ItemRow, 'id' | 'name'>,
	side: 'donor' | 'receiver',
	kind: NotificationKind,
	extra: Record<string, string | number> = {},
): Promise<void> {
	return notify(tx, {
		userId: side === 'donor' ? order.donorId : order.receiverId,
		kind,
		itemId: item.id,
		requestId: order.requestId,
		data: { item: item.name, count: order.quantity, side, ...extra },
	});
}
