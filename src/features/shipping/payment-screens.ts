/** Which payment screen an order shows, and what it says. Browser-safe. */
import type { OrderState } from './orders';

/** The screens of the payment page: the choice before paying, then one per state of the order. */
export type PaymentScreen = 'choose' | Exclude<OrderState, 'awaitingPayment'>;

/** The screen an order in `state` shows: the server's state, never the browser's callback. */
export function paymentScreenOf(state: OrderState): PaymentScreen {
	return state === 'awaitingPayment' ? 'choose' : state;
}

/** How a screen reads: its alert's tone, and whether it offers to order and pay again. */
interface ScreenText {
	tone: 'alert-success' | 'alert-info' | 'alert-warning' | 'alert-error';
	/** The order ended unpaid: the receiver may order the item again while it is available. */
	again: boolean;
}

/**
 * Each screen after the choice; its title and detail are `orders.payment.screens.<screen>`. A
 * paid order keeps its page: the words follow the parcel (paid, on its way, arrived).
 */
export const paymentScreenText: Record<Exclude<PaymentScreen, 'choose'>, ScreenText> = {
	pending: { tone: 'alert-info', again: false },
	paid: { tone: 'alert-success', again: false },
	shipped: { tone: 'alert-success', again: false },
	delivered: { tone: 'alert-success', again: false },
	cancelled: { tone: 'alert-warning', again: true },
	failed: { tone: 'alert-error', again: true },
	error: { tone: 'alert-error', again: true },
	expired: { tone: 'alert-warning', again: true },
	refunded: { tone: 'alert-info', again: false },
	review: { tone: 'alert-info', again: false },
};
