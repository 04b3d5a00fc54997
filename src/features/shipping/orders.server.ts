import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { requestLimits } from '~/config/limits';
import { courierTotal } from '~/config/shipping';
import { lockItem, saveItemQuantities, unreserved } from '~/features/items/item-stock.server';
import { chooseLater, refuseAtReceivedLimit } from '~/features/requests/received-limit.server';
import { takeReceiverTurn } from '~/features/requests/receiver-turn.server';
import { isProfileComplete } from '~/lib/profile-completeness';
import type { Locale } from '~/lib/i18n/locales';
import type { UserRow } from '~/server/auth/users';
import { courierOrders, itemRequests } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import type { Transaction } from '~/server/db/client';
import { refundOrder } from './order-payments.server';
import {
	allows,
	closeOrderRequest,
	lockOrder,
	moveOrder,
	type OrderContext,
	orderConflict,
	type OrderRow,
	tellAboutOrder,
} from './order-rules.server';
import { type OrderAction, orderLimits } from './orders';
import { PaymentProviderError } from './payments.server';
import { quoteRates, type ShippingContext } from './rates.server';
import { durationWords, type RateOption, sameService, type ShippingDetails } from './shipping';

/** A new order id: 24 random characters of the provider's alphabet, unguessable. */
export function newOrderId(): string {
	return `HBH-${randomBytes(18).toString('base64url')}`;
}

/** The rate the receiver saw and chose: checked against a fresh quote, never trusted. */
export type ChosenRate = Pick<RateOption, 'courierCode' | 'serviceCode' | 'price' | 'insuranceFee'>;

const invalidCourier = () =>
	new AppError('INVALID_COURIER', { courierCode: 'shipping.errors.invalidCourier' });

/**
 * `POST /items/{id}/courier-orders`: the receiver's courier order, unpaid. The rate is quoted
 * again on the server and must be the one chosen, at the price shown; the quantity must still be
 * free (it is held only once paid). The request of the order has method `courier`. Then the
 * payment is started at the provider; if it cannot be, the order ends in `error` and the caller
 * is told the payment system is not ready.
 */
export async function createCourierOrder(
	context: OrderContext & ShippingContext,
	receiver: UserRow,
	itemId: number,
	details: ShippingDetails,
	chosen: ChosenRate,
	now = new Date(),
	locale: Locale = 'id',
): Promise<string> {
	if (!isProfileComplete(receiver)) throw new AppError('FORBIDDEN');
	const rates = await quoteRates(context, {
		itemId,
		destinationAreaId: details.areaId,
		quantity: details.quantity,
		insurance: details.insurance,
	});
	const rate = rates.find((option) => sameService(option, chosen));
	if (!rate || !sameService(rate, details) || rate.price !== chosen.price) throw invalidCourier();
	// Insured, the fee shown is charged too, so it must be the one quoted now.
	const insuranceShown = rate.insuranceFee !== null && rate.insuranceFee === chosen.insuranceFee;
	if (details.insurance && !insuranceShown) throw invalidCourier();
	const amounts = courierTotal({
		shipping: rate.price,
		insurance: details.insurance ? rate.insuranceFee : 0,
	});
	const orderId = newOrderId();
	const item = await context.db.transaction(async (tx) => {
		await takeReceiverTurn(tx, receiver.id);
		const item = await lockItem(tx, itemId);
		if (item.donorId === receiver.id) throw orderConflict('ownItem');
		if (item.status !== 'AVAILABLE' || details.quantity > unreserved(item)) {
			throw orderConflict('notEnoughLeft', { count: Math.max(0, unreserved(item)) });
		}
		const [current] = await tx
			.select({ id: itemRequests.id })
			.from(itemRequests)
			.where(
				and(
					eq(itemRequests.itemId, item.id),
					eq(itemRequests.receiverId, receiver.id),
					inArray(itemRequests.state, ['open', 'reserved', 'handedOver']),
				),
			);
		if (current) throw orderConflict('requestInProgress');
		await holdsFewerThanLimit(tx, receiver.id);
		// A paid order is a reservation: it waits for the donor's choice, and counts towards the
		// receiver's hand-overs of 14 days (docs/product-rules.md#choosing).
		if (item.chooseAt && now < item.chooseAt)
			throw chooseLater(item.chooseAt, now, locale, 'receiver');
		await refuseAtReceivedLimit(tx, receiver.id, 'receiver', now, locale);
		const [request] = await tx
			.insert(itemRequests)
			.values({
				itemId: item.id,
				donorId: item.donorId,
				receiverId: receiver.id,
				quantity: details.quantity,
				method: 'courier',
				createdAt: now,
				updatedAt: now,
			})
			.returning({ id: itemRequests.id });
		await tx.insert(courierOrders).values({
			id: orderId,
			requestId: request!.id,
			itemId: item.id,
			donorId: item.donorId,
			receiverId: receiver.id,
			quantity: details.quantity,
			recipientName: details.recipientName,
			recipientPhone: details.recipientPhone,
			destinationAreaId: details.areaId,
			destinationAreaName: [details.village, details.district, details.city, details.province].join(
				', ',
			),
			postalCode: details.postalCode,
			address: details.address,
			courierCode: rate.courierCode,
			courierService: rate.serviceCode,
			courierName: `${rate.courierName} ${rate.serviceName}`,
			// The same words for every courier, so the order's page can translate them.
			duration: durationWords(rate.durationRange),
			shippingCost: amounts.shipping,
			serviceFee: amounts.fee,
			insuranceCost: amounts.insurance,
			total: amounts.total,
			payBy: new Date(now.getTime() + orderLimits.payWithinMs),
			createdAt: now,
			updatedAt: now,
		});
		return item;
	});
	await startPayment(context, orderId, item.name, receiver, now);
	return orderId;
}

/**
 * A courier request counts towards the receiver's requests in progress like any other
 * (`REQUEST_LIMIT`); read under the receiver's turn (`takeReceiverTurn`), which asking takes too.
 */
async function holdsFewerThanLimit(tx: Transaction, receiverId: string): Promise<void> {
	const [held] = await tx
		.select({ count: sql<number>`count(*)::int` })
		.from(itemRequests)
		.where(
			and(
				eq(itemRequests.receiverId, receiverId),
				inArray(itemRequests.state, ['open', 'reserved']),
			),
		);
	if (Number(held?.count ?? 0) >= requestLimits.activePerReceiver) {
		throw new AppError('REQUEST_LIMIT', undefined, undefined, {
			key: 'requests.errors.tooManyOpen',
			values: { count: requestLimits.activePerReceiver },
		});
	}
}

/** Opens the payment at the provider: Snap's token and page, or nothing for the built-in page. */
async function startPayment(
	context: OrderContext,
	orderId: string,
	itemName: string,
	receiver: UserRow,
	now: Date,
): Promise<void> {
	const [order] = await context.db
		.select()
		.from(courierOrders)
		.where(eq(courierOrders.id, orderId));
	if (!order) throw new AppError('NOT_FOUND');
	const lines = [
		{
			id: 'shipping',
			name: `${order.courierName} – ${itemName}`.slice(0, 50),
			price: order.shippingCost,
		},
		{ id: 'service-fee', name: 'Biaya layanan', price: order.serviceFee },
		{ id: 'insurance', name: 'Asuransi', price: order.insuranceCost },
	].filter((line) => line.price > 0);
	try {
		const session = await context.payments.start({
			orderId,
			total: order.total,
			items: lines.map((line) => ({ ...line, quantity: 1 })),
			customer: { name: order.recipientName, email: receiver.email, phone: order.recipientPhone },
		});
		await context.db
			.update(courierOrders)
			.set({ paymentToken: session.token, paymentUrl: session.redirectUrl, updatedAt: now })
			.where(eq(courierOrders.id, orderId));
	} catch (error) {
		if (!(error instanceof PaymentProviderError)) throw error;
		console.error(`Payment of order ${orderId} could not start`, error);
		await context.db.transaction(async (tx) => {
			const locked = await lockOrder(tx, orderId);
			if (!allows(locked.order, 'payError')) return;
			await closeOrderRequest(tx, locked.order, 'withdrawn', now);
			await moveOrder(tx, locked.order, 'payError', now);
		});
		throw new AppError('PAYMENT_UNAVAILABLE');
	}
}

/** Who the user is on the order, or FORBIDDEN for anyone else. */
export function sideOf(order: OrderRow, userId: string): 'donor' | 'receiver' {
	if (order.donorId === userId) return 'donor';
	if (order.receiverId === userId) return 'receiver';
	throw new AppError('FORBIDDEN');
}

/** Steps the order's own people take, each checked against the state machine and its actor. */
export type PersonAction = Extract<OrderAction, 'cancel' | 'cancelPaid' | 'decline'>;

/**
 * `POST /courier-orders/{id}/cancel` (receiver, before the donor hands the parcel to the courier)
 * and `…/decline` (donor, with a reason): the order ends, a held quantity is freed, and a paid
 * order is refunded through the provider (in the simulation, marked refunded).
 */
export async function endOrder(
	context: OrderContext,
	user: UserRow,
	orderId: string,
	side: 'receiver' | 'donor',
	reason: string | null,
	now = new Date(),
): Promise<void> {
	let refund: OrderRow | null = null;
	await context.db.transaction(async (tx) => {
		const { order, item } = await lockOrder(tx, orderId);
		if (sideOf(order, user.id) !== side) throw new AppError('FORBIDDEN');
		const action: PersonAction =
			side === 'donor' ? 'decline' : order.state === 'paid' ? 'cancelPaid' : 'cancel';
		if (!allows(order, action)) throw orderConflict('wrongState');
		if (order.state === 'paid') {
			refund = order;
			const reserved = item.reservedQuantity - order.quantity;
			await saveItemQuantities(tx, item, item.quantity, reserved, now);
		}
		await closeOrderRequest(tx, order, side === 'donor' ? 'declined' : 'withdrawn', now, reason);
		await moveOrder(tx, order, action, now, { declineReason: reason });
		const other = side === 'donor' ? 'receiver' : 'donor';
		await tellAboutOrder(
			tx,
			order,
			item,
			other,
			side === 'donor' ? 'orderDeclined' : 'orderCancelled',
			reason ? { reason } : {},
		);
	});
	if (refund) await refundOrder(context, refund, reason ?? 'cancelled', now);
}
