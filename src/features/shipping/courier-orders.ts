/** Starting a courier order from the shipping form: the call and where the browser goes next. */
import { apiFetch } from '~/lib/api-client';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import type { CourierOrder } from './orders';
import type { RateOption, ShippingDetails } from './shipping';

/** The payment page of an order, in `locale`. */
export function paymentPath(orderId: string, locale: Locale): string {
	return localizePath(`/pay/${encodeURIComponent(orderId)}`, locale);
}

/**
 * `POST /api/items/{id}/courier-orders`: the form and the price of the rate shown. The server
 * quotes the chosen service again, creates the order and the browser goes to its payment page.
 * Throws `ApiError` (`INVALID_COURIER` when the rate changed).
 */
export async function startCourierOrder(
	itemId: number,
	details: ShippingDetails,
	rate: Pick<RateOption, 'price' | 'insuranceFee'>,
	locale: Locale,
): Promise<void> {
	const order = await apiFetch<CourierOrder>(`/items/${itemId}/courier-orders`, {
		method: 'POST',
		body: JSON.stringify({
			...details,
			ratePrice: rate.price,
			rateInsuranceFee: details.insurance ? rate.insuranceFee : null,
		}),
	});
	window.location.assign(paymentPath(order.id, locale));
}
