/** The receiver's thank-yous for TanStack Query, and the calls that write and delete them. */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api-client';
import type { SentThanks, ThanksInput } from './thanks';

/** `GET /api/thanks/mine`: which of the receiver's givings they thanked for. */
export function sentThanksQuery() {
	return queryOptions({
		queryKey: ['thanks', 'mine'] as const,
		queryFn: ({ signal }) => apiFetch<SentThanks[]>('/thanks/mine', { signal }),
	});
}

/** `POST /api/requests/{id}/thanks`: thanks the donor of a confirmed giving. */
export function sendThanks(requestId: number, input: ThanksInput): Promise<{ id: number }> {
	return apiFetch<{ id: number }>(`/requests/${requestId}/thanks`, {
		method: 'POST',
		body: JSON.stringify(input),
	});
}

/** `DELETE /api/thanks/{id}`: takes one's own thank-you back. */
export function deleteThanks(id: number): Promise<unknown> {
	return apiFetch(`/thanks/${id}`, { method: 'DELETE' });
}
