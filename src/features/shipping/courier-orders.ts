/** Starting a courier order from the shipping form: the call and where the browser goes next. */
import { apiFetch } from '~/lib/api-client';
import type { RateOption, ShippingDetails } from './shipping';

/** Of the order `POST /api/items/{id}/courier-orders` answers, where its payment continues. */
export interface StartedCourierOrder {
	id: string;
	payment: { simulated: boolean; token: string | null; redirectUrl: string | null } | null;
}

/**
 * `POST /api/items/{id}/courier-orders`: the details with the service and the price the receiver
 * saw, which the server quotes again and compares (`INVALID_COURIER` when it no longer offers
 * them). Throws `ApiError`.
 */
export function startCourierOrder(
	itemId: number,
	details: ShippingDetails,
	rate: RateOption,
): Promise<StartedCourierOrder> {
	return apiFetch<StartedCourierOrder>(`/items/${itemId}/courier-orders`, {
		method: 'POST',
		body: JSON.stringify({
			...details,
			ratePrice: rate.price,
			rateInsuranceFee: details.insurance ? rate.insuranceFee : null,
		}),
	});
}

/**
 * Orders courier delivery and goes on to pay: the provider's payment page when it gave one, else
 * `ordersPath`, where the unpaid order waits.
 */
export async function orderAndPay(
	itemId: number,
	details: ShippingDetails,
	rate: RateOption,
	ordersPath: string,
): Promise<void> {
	const order = await startCourierOrder(itemId, details, rate);
	window.location.assign(order.payment?.redirectUrl ?? ordersPath);
}
