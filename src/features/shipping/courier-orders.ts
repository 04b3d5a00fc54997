/** Starting a courier order from the shipping form: the call and where the browser goes next. */
import { apiFetch } from '~/lib/api-client';
import type { ShippingDetails } from './shipping';

/** What `POST /api/items/{id}/courier-orders` answers: where the payment continues. */
export interface StartedCourierOrder {
	paymentUrl: string;
}

/**
 * `POST /api/items/{id}/courier-orders`: the server quotes the chosen service again, creates the
 * order and answers the payment page, where the browser goes. Throws `ApiError`.
 */
export async function startCourierOrder(itemId: number, details: ShippingDetails): Promise<void> {
	const order = await apiFetch<StartedCourierOrder>(`/items/${itemId}/courier-orders`, {
		method: 'POST',
		body: JSON.stringify(details),
	});
	window.location.assign(order.paymentUrl);
}
