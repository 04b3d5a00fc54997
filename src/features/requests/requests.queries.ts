/**
 * The receiver's requests for TanStack Query, and the calls that change them. The donor moves a
 * request from elsewhere, so a request in progress is read again now and then and on focus.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api-client';
import { inProgress } from './receiver';
import type { ItemRequest, RequestAction } from './requests';

/** How often requests in progress are read again while their page is open. */
const requestPollMs = 30_000;

const whileInProgress = (requests: ItemRequest[] | undefined) =>
	requests?.some(inProgress) ? requestPollMs : false;

/** `GET /api/requests/mine`: the signed-in receiver's requests, the latest change first. */
export function myRequestsQuery() {
	return queryOptions({
		queryKey: ['requests', 'mine'] as const,
		queryFn: ({ signal }) => apiFetch<ItemRequest[]>('/requests/mine', { signal }),
		refetchInterval: (query) => whileInProgress(query.state.data),
	});
}

/** `GET /api/requests/mine?item=…`: the viewer's requests for one item, the latest first. */
export function myItemRequestsQuery(itemId: number) {
	return queryOptions({
		queryKey: ['requests', 'mine', itemId] as const,
		queryFn: ({ signal }) => apiFetch<ItemRequest[]>(`/requests/mine?item=${itemId}`, { signal }),
		refetchInterval: (query) => whileInProgress(query.state.data),
	});
}

/** `POST /api/items/{id}/requests`: asks for `quantity` of an item, or updates the open request. */
export function askForItem(itemId: number, quantity: number): Promise<ItemRequest> {
	return apiFetch<ItemRequest>(`/items/${itemId}/requests`, {
		method: 'POST',
		body: JSON.stringify({ quantity }),
	});
}

/** `PATCH /api/requests/{id}`: the receiver withdraws, confirms, disputes or reports the donor's no-show. */
export function moveRequest(
	requestId: number,
	action: Extract<RequestAction, 'withdraw' | 'confirm' | 'dispute' | 'reportNoShow'>,
): Promise<ItemRequest> {
	return apiFetch<ItemRequest>(`/requests/${requestId}`, {
		method: 'PATCH',
		body: JSON.stringify({ action }),
	});
}
