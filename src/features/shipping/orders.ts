/**
 * Courier orders (docs/product-rules.md#courier-delivery): their states, who may move an order
 * from one to the next, and what the API shows. Safe in the browser.
 */
import { z } from 'zod/mini';
import { declineReasons } from '~/features/requests/requests';
import type { orderSchema } from './orders.routes';
import { shippingFormSchema } from './shipping';

export const orderStates = [
	'awaitingPayment',
	'pending',
	'paid',
	'shipped',
	'delivered',
	'cancelled',
	'failed',
	'error',
	'expired',
	'refunded',
	'review',
] as const;
export type OrderState = (typeof orderStates)[number];

/** States in which the order still waits for its payment. */
export const unpaidOrderStates = ['awaitingPayment', 'pending'] as const;

/** States in which the order's quantity is held for its receiver. */
export const holdingOrderStates = ['paid', 'shipped'] as const;

/** Who moves an order: its two people, the payment or courier provider, or the site itself. */
export type OrderActor = 'receiver' | 'donor' | 'provider' | 'system';

export const orderActions = [
	'payPending',
	'pay',
	'payCancelled',
	'payFailed',
	'payError',
	'settleLate',
	'cancel',
	'cancelPaid',
	'decline',
	'readyForPickup',
	'deliver',
	'expire',
] as const;
export type OrderAction = (typeof orderActions)[number];

/**
 * The state machine: each action, the states it may start from, the state it leads to and the
 * one actor who may take it. The payment outcomes come only from the provider (a verified
 * notification or a status check; the simulated payment page goes through the same steps). A
 * settlement for an order that already expired or was cancelled goes to `review` and holds
 * nothing: its reservation was released and may belong to someone else now.
 */
export const orderTransitions: Record<
	OrderAction,
	{ from: readonly OrderState[]; to: OrderState; actor: OrderActor }
> = {
	payPending: { from: ['awaitingPayment'], to: 'pending', actor: 'provider' },
	pay: { from: ['awaitingPayment', 'pending'], to: 'paid', actor: 'provider' },
	payCancelled: { from: ['awaitingPayment', 'pending'], to: 'cancelled', actor: 'provider' },
	payFailed: { from: ['awaitingPayment', 'pending'], to: 'failed', actor: 'provider' },
	payError: { from: ['awaitingPayment', 'pending'], to: 'error', actor: 'provider' },
	settleLate: {
		from: ['expired', 'cancelled', 'failed', 'error'],
		to: 'review',
		actor: 'provider',
	},
	cancel: { from: ['awaitingPayment', 'pending'], to: 'cancelled', actor: 'receiver' },
	cancelPaid: { from: ['paid'], to: 'refunded', actor: 'receiver' },
	decline: { from: ['paid'], to: 'refunded', actor: 'donor' },
	readyForPickup: { from: ['paid'], to: 'shipped', actor: 'donor' },
	deliver: { from: ['shipped'], to: 'delivered', actor: 'provider' },
	expire: { from: ['awaitingPayment', 'pending'], to: 'expired', actor: 'system' },
};

/** The actions `actor` may take on an order in `state`, in the order screens offer them. */
export function orderActionsFor(state: OrderState, actor: OrderActor): OrderAction[] {
	return orderActions.filter((action) => {
		const transition = orderTransitions[action];
		return transition.actor === actor && transition.from.includes(state);
	});
}

/** Whether `actor` may take `action` on an order in `state`. */
export function mayTakeOrderAction(
	action: OrderAction,
	state: OrderState,
	actor: OrderActor,
): boolean {
	const transition = orderTransitions[action];
	return transition.actor === actor && transition.from.includes(state);
}

/** The five outcomes of a payment, as the payment screens name them. */
export const paymentOutcomes = ['success', 'pending', 'cancelled', 'failed', 'error'] as const;
export type PaymentOutcome = (typeof paymentOutcomes)[number];

/** The provider's step for each outcome. */
export const outcomeActions: Record<PaymentOutcome, OrderAction> = {
	success: 'pay',
	pending: 'payPending',
	cancelled: 'payCancelled',
	failed: 'payFailed',
	error: 'payError',
};

/** The order's clocks (docs/product-rules.md#courier-delivery). */
export const orderLimits = {
	/** Snap's own window for a payment: unpaid after a day, the order expires. */
	payWithinMs: 24 * 60 * 60_000,
} as const;

/** Order ids: at most 50 of `[A-Za-z0-9-_~.]`, as the payment provider requires. */
export const orderIdPattern = /^[A-Za-z0-9\-_~.]{1,50}$/;

/** An order as the API returns it, to its receiver or to the item's donor. */
export type CourierOrder = z.output<typeof orderSchema>;

/** One step of a shipment's tracking timeline. */
export type TrackingStep = CourierOrder['tracking'][number];

/** A rupiah amount the browser repeats from the rate it showed. */
const shownRupiah = z
	.number('shipping.errors.courierRequired')
	.check(z.int('shipping.errors.courierRequired'), z.minimum(0, 'shipping.errors.courierRequired'));

/**
 * A new courier order: the shipping form, and the price and insurance fee of the rate the
 * receiver saw. The server quotes again and refuses a rate that is gone or changed.
 */
export const courierOrderInputSchema = z.extend(shippingFormSchema, {
	ratePrice: shownRupiah,
	rateInsuranceFee: z.nullable(shownRupiah),
});
export type CourierOrderInput = z.output<typeof courierOrderInputSchema>;

/** The donor's decline: one of the request reasons. */
export const orderDeclineSchema = z.object({
	reason: z.enum(declineReasons, 'requests.errors.reasonInvalid'),
});

/** The built-in payment page's choice. */
export const simulatedPaymentSchema = z.object({
	outcome: z.enum(paymentOutcomes, 'orders.errors.outcomeInvalid'),
});
