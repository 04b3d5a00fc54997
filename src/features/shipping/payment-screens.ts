/** Which payment screen an order shows, and its message. Browser-safe. */
import type { OrderState } from './orders';

/** The screens of the payment page: one per outcome, and the choice before paying. */
export type PaymentScreen =
	| 'choose'
	| 'success'
	| 'pending'
	| 'cancelled'
	| 'failed'
	| 'error'
	| 'expired'
	| 'refunded'
	| 'review';

/** The screen an order in `state` shows: the server's state, never the browser's callback. */
export function paymentScreenOf(state: OrderState): PaymentScreen {
	switch (state) {
		case 'awaitingPayment':
			return 'choose';
		case 'paid':
		case 'shipped':
		case 'delivered':
			return 'success';
		default:
			return state;
	}
}

/** Each screen's message key in `orders.payment` or `orders.states`, and its alert tone. */
export const paymentScreenText: Record<
	Exclude<PaymentScreen, 'choose'>,
	{ key: string; tone: 'alert-success' | 'alert-info' | 'alert-warning' | 'alert-error' }
> = {
	success: { key: 'orders.payment.success', tone: 'alert-success' },
	pending: { key: 'orders.payment.pendingMessage', tone: 'alert-info' },
	cancelled: { key: 'orders.payment.cancelledMessage', tone: 'alert-warning' },
	failed: { key: 'orders.payment.failedMessage', tone: 'alert-error' },
	error: { key: 'orders.payment.errorMessage', tone: 'alert-error' },
	expired: { key: 'orders.payment.expiredMessage', tone: 'alert-warning' },
	refunded: { key: 'orders.states.refunded', tone: 'alert-info' },
	review: { key: 'orders.states.review', tone: 'alert-info' },
};
