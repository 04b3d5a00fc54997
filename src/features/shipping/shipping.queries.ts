/** Courier rates and the destination's district for TanStack Query, in the shipping form. */
import { queryOptions } from '@tanstack/react-query';
import type { Area } from '~/features/areas/areas';
import { apiFetch } from '~/lib/api-client';
import type { RateQuote } from './shipping';

/** A quote is cached by the server for minutes; the form reuses it while the person decides. */
const rateStaleMs = 5 * 60_000;

/** `GET /api/items/{id}/shipping-rates`: the services for `quantity` units to a district. */
export function itemRatesQuery(
	itemId: number,
	destinationAreaId: string,
	quantity: number,
	insurance: boolean,
) {
	const query = new URLSearchParams({
		destination_area_id: destinationAreaId,
		quantity: String(quantity),
		insurance: String(insurance),
	});
	return queryOptions({
		queryKey: ['shipping', 'rates', itemId, destinationAreaId, quantity, insurance] as const,
		queryFn: ({ signal }) =>
			apiFetch<RateQuote>(`/items/${itemId}/shipping-rates?${query}`, { signal }),
		staleTime: rateStaleMs,
		// A refused route or place is the answer; asking again at once would only repeat it.
		retry: false,
	});
}

/** `GET /api/shipping/areas/{id}`: the district a profile names, for its province and city. */
export function areaQuery(areaId: string) {
	return queryOptions({
		queryKey: ['shipping', 'area', areaId] as const,
		queryFn: ({ signal }) =>
			apiFetch<Area>(`/shipping/areas/${encodeURIComponent(areaId)}`, { signal }),
		staleTime: Number.POSITIVE_INFINITY,
	});
}
