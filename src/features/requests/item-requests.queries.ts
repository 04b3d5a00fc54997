/** The donor's reads and writes of one item's requests, for TanStack Query. */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api-client';
import { type RequestChange, keepNewMarks } from './item-requests';
import type { ItemRequest } from './requests';

/** A list read this recently is not read again when the window regains focus. */
export const itemRequestsStaleMs = 30_000;

/**
 * The requests for the donor's item, in progress first (`GET /api/items/{id}/requests`). Reading
 * marks them seen on the server; the marks this page has shown stay until it is left. Read again
 * after each change, and on focus once older than `itemRequestsStaleMs`.
 */
export function itemRequestsQuery(itemId: number) {
	return queryOptions({
		queryKey: ['requests', 'item', itemId] as const,
		queryFn: async ({ queryKey, signal, client }) =>
			keepNewMarks(
				client.getQueryData<ItemRequest[]>(queryKey),
				await apiFetch<ItemRequest[]>(`/items/${itemId}/requests`, { signal }),
			),
		staleTime: itemRequestsStaleMs,
	});
}

/** `PATCH /api/requests/{id}`: one step of the request, answered with the request after it. */
export function changeRequest(requestId: number, change: RequestChange): Promise<ItemRequest> {
	return apiFetch<ItemRequest>(`/requests/${requestId}`, {
		method: 'PATCH',
		body: JSON.stringify(change),
	});
}
