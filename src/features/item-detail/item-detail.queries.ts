/** One item's read for TanStack Query (docs/product-rules.md#polling-and-caching). */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRevalidate, type Tagged } from '~/lib/api-client';
import { type Item, itemPollMs, itemStaleMs } from '~/features/items/items';

/** The item was deleted while its page was open. */
export function isGone(error: unknown): boolean {
	return error instanceof ApiError && error.status === 404;
}

/**
 * One item, as the server knows it now. The page's own copy seeds it but counts as stale: the
 * rendered page never carries the donor's phone (decision 006), so the first read runs on mount
 * and the API hands the phone out under its rules. Then polled every 3 s while the tab is visible
 * and read again on focus once older than 1 s; a deleted item stops the polling.
 */
export function itemQuery(initial: Item) {
	return queryOptions({
		queryKey: ['items', initial.id] as const,
		queryFn: ({ queryKey, signal, client }) =>
			apiRevalidate<Item>(
				`/items/${initial.id}`,
				client.getQueryData<Tagged<Item>>(queryKey),
				signal,
			),
		initialData: { data: initial, etag: null },
		initialDataUpdatedAt: 0,
		staleTime: itemStaleMs,
		refetchInterval: (query) => (isGone(query.state.error) ? false : itemPollMs),
		refetchOnWindowFocus: (query) => !isGone(query.state.error),
	});
}
