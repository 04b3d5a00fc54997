import { eq } from 'drizzle-orm';
import { saveItemQuantities, unreserved } from '~/features/items/item-stock.server';
import { unpaidEndings } from '~/features/requests/requests';
import { courierOrders, itemRequests, paymentNotifications } from '~/server/db/schema';
import {
	allows,
	closeOrderRequest,
	lockOrder,
	moveOrder,
	type OrderContext,
	type OrderRow,
	tellAboutOrder,
} from './order-rules.server';
import { orderIdPattern, type OrderState } from './orders';
import {
	grossRupiah,
	type PaymentReport,
	readPaymentReport,
	reportOutcome,
} from './payments.server';

/** What a payment report did: the order's state after it, or null when it changed nothing. */
export type SettleResult = OrderState | null;

type ReportOutcome = ReturnType<typeof reportOutcome>;

/**
 * Gives a paid order's money back through the provider, after the change that needs it is
 * committed. A refund the provider refuses leaves the order in `review`, for a person to settle.
 */
export async function refundOrder(
	context: OrderContext,
	order: Pick<OrderRow, 'id' | 'total'>,
	reason: string,
	now = new Date(),
): Promise<boolean> {
	try {
		await context.payments.refund(order.id, order.total, reason);
		return true;
	} catch (error) {
		console.error(`Refund of order ${order.id} failed`, error);
		await context.db
			.update(courierOrders)
			.set({ state: 'review', updatedAt: now })
			.where(eq(courierOrders.id, order.id));
		return false;
	}
}

/**
 * One payment outcome applied to an order, the way every source of it goes: a verified
 * notification, a status check, or the simulated payment page. Idempotent: a report that repeats
 * the order's state, or comes after a later one (a pending after the payment), changes nothing.
 * A success holds the order's quantity only if it is still free; otherwise the payment is
 * refunded (the last unit went to someone who paid first). A settlement for an order that already
 * expired or was cancelled goes to `review` and holds nothing.
 */
export async function settlePayment(
	context: OrderContext,
	orderId: string,
	outcome: ReportOutcome,
	providerStatus: string,
	now = new Date(),
): Promise<SettleResult> {
	let refund: OrderRow | null = null;
	const result = await context.db.transaction(async (tx): Promise<SettleResult> => {
		const { order, item } = await lockOrder(tx, orderId);
		const status = { paymentStatus: providerStatus };
		switch (outcome) {
			case 'success': {
				if (allows(order, 'settleLate')) return moveOrder(tx, order, 'settleLate', now, status);
				if (!allows(order, 'pay')) return null;
				if (item.status !== 'AVAILABLE' || order.quantity > unreserved(item)) {
					refund = order;
					await closeOrderRequest(tx, order, 'declined', now, 'noneLeft');
					await tellAboutOrder(tx, order, item, 'receiver', 'orderRefunded', {
						reason: 'noneLeft',
					});
					await tx
						.update(courierOrders)
						.set({
							...status,
							state: 'refunded',
							paidAt: now,
							declineReason: 'noneLeft',
							closedAt: now,
							updatedAt: now,
						})
						.where(eq(courierOrders.id, order.id));
					return 'refunded';
				}
				await tx
					.update(itemRequests)
					.set({ state: 'reserved', reservedAt: now, reservedUntil: null, updatedAt: now })
					.where(eq(itemRequests.id, order.requestId));
				await saveItemQuantities(
					tx,
					item,
					item.quantity,
					item.reservedQuantity + order.quantity,
					now,
				);
				await tellAboutOrder(tx, order, item, 'donor', 'orderPaid');
				return moveOrder(tx, order, 'pay', now, { ...status, paidAt: now });
			}
			case 'pending':
				return allows(order, 'payPending') && order.state !== 'pending'
					? moveOrder(tx, order, 'payPending', now, status)
					: null;
			case 'cancelled':
			case 'failed':
			case 'error':
			case 'expired': {
				const action = (
					{
						cancelled: 'payCancelled',
						failed: 'payFailed',
						error: 'payError',
						expired: 'expire',
					} as const
				)[outcome];
				if (!allows(order, action)) return null;
				await closeOrderRequest(
					tx,
					order,
					outcome === 'expired' ? 'expired' : 'withdrawn',
					now,
					unpaidEndings[outcome],
				);
				return moveOrder(tx, order, action, now, status);
			}
			case 'refunded':
				return null;
		}
	});
	if (refund) await refundOrder(context, refund, 'noneLeft', now);
	return result;
}

/** How a notification's verification went, as stored beside it. */
export type Verification =
	'verified' | 'badSignature' | 'wrongAmount' | 'unknownOrder' | 'malformed';

/**
 * `POST /payments/midtrans/notification`: stores the body as it came with its verification, then
 * applies it if its signature (over the raw texts, constant time) is the provider's and its amount
 * is the order's total. Answers what was stored, never throwing for a bad notification: the
 * provider retries anything but a 200, and a bad one will not get better.
 */
export async function receivePaymentNotification(
	context: OrderContext,
	rawBody: string,
	now = new Date(),
): Promise<{ verification: Verification; outcome: SettleResult }> {
	let parsed: unknown;
	try {
		parsed = JSON.parse(rawBody);
	} catch {
		parsed = undefined;
	}
	const report = readPaymentReport(parsed);
	const verification = await verify(context, report);
	let outcome: SettleResult = null;
	if (verification === 'verified' && report) {
		outcome = await settlePayment(
			context,
			report.orderId,
			reportOutcome(report),
			report.transactionStatus,
			now,
		);
	}
	await context.db.insert(paymentNotifications).values({
		orderId: report ? storable(report.orderId.slice(0, 100)) : null,
		body: storable(rawBody),
		verification,
		transactionStatus: report ? storable(report.transactionStatus.slice(0, 40)) : null,
		outcome,
		createdAt: now,
	});
	return { verification, outcome };
}

/**
 * A received text as PostgreSQL can keep it: a NUL character, which a text column cannot hold, is
 * written as its JSON escape, so the record still shows what came.
 */
const storable = (text: string) => text.replaceAll('\u0000', '\\u0000');

/** Checks a report's signature and amount against the order it names. */
async function verify(context: OrderContext, report: PaymentReport | null): Promise<Verification> {
	if (!report) return 'malformed';
	if (!context.payments.verify(report)) return 'badSignature';
	if (!orderIdPattern.test(report.orderId)) return 'unknownOrder';
	const [order] = await context.db
		.select({ total: courierOrders.total })
		.from(courierOrders)
		.where(eq(courierOrders.id, report.orderId));
	if (!order) return 'unknownOrder';
	return grossRupiah(report.grossAmount) === order.total ? 'verified' : 'wrongAmount';
}

/**
 * Asks the provider how an unpaid order's payment stands and applies the answer as a notification
 * would be; for a lost notification, a resumed payment, and before an order expires.
 */
export async function checkPaymentStatus(
	context: OrderContext,
	order: Pick<OrderRow, 'id' | 'total'>,
	now = new Date(),
): Promise<SettleResult> {
	const report = await context.payments.status(order.id);
	if (!report || !context.payments.verify(report)) return null;
	if (grossRupiah(report.grossAmount) !== order.total) return null;
	return settlePayment(context, order.id, reportOutcome(report), report.transactionStatus, now);
}
