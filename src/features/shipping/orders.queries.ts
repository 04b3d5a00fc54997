/** The courier order reads and steps of the islands, for TanStack Query. */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api-client';
import type { DeclineReason } from '~/features/requests/requests';
import type { CourierOrder, PaymentOutcome } from './orders';

/** While a parcel travels, its order is read this often, for the tracking timeline. */
export const travellingOrderPollMs = 30_000;

/** The order of a courier request (`GET /api/requests/{id}/courier-order`). */
export function requestOrderQuery(requestId: number) {
	return queryOptions({
		queryKey: ['courier-order', 'request', requestId] as const,
		queryFn: ({ signal }) =>
			apiFetch<CourierOrder>(`/requests/${requestId}/courier-order`, { signal }),
		refetchInterval: (query) =>
			query.state.data?.state === 'shipped' ? travellingOrderPollMs : false,
	});
}

/** A step of an order (`POST /api/courier-orders/{id}/<step>`), answered with the order after it. */
export function orderStep(
	orderId: string,
	step: 'resume' | 'cancel' | 'ready',
): Promise<CourierOrder> {
	return apiFetch<CourierOrder>(`/courier-orders/${encodeURIComponent(orderId)}/${step}`, {
		method: 'POST',
	});
}

/** The donor declines a paid order with a reason; the receiver is refunded. */
export function declineOrder(orderId: string, reason: DeclineReason): Promise<CourierOrder> {
	return apiFetch<CourierOrder>(`/courier-orders/${encodeURIComponent(orderId)}/decline`, {
		method: 'POST',
		body: JSON.stringify({ reason }),
	});
}

/** The built-in payment page's choice of outcome (embedded mode). */
export function paySimulated(orderId: string, outcome: PaymentOutcome): Promise<CourierOrder> {
	return apiFetch<CourierOrder>(
		`/courier-orders/${encodeURIComponent(orderId)}/simulated-payment`,
		{ method: 'POST', body: JSON.stringify({ outcome }) },
	);
}
