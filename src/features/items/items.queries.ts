/**
 * The item lists' reads for TanStack Query (docs/product-rules.md#polling-and-caching): list pages
 * kept by their URL, my items. One item's page has its own (`detail/item-detail.queries.ts`), so
 * that page loads none of the cards' code.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '~/lib/api-client';
import { type CardList, toCardList } from './item-card';
import { type ItemListView, itemListSearch } from './item-list-url';
import type { Item, ItemList } from './items';
import { type MyItemCard, toMyItemCard } from './my-items';

/**
 * One page of `/items`, keyed by the query string the address bar carries. Pages once shown are
 * kept for as long as the page is open, so back and forward to them need no request.
 */
export function itemListQuery(view: ItemListView) {
	const search = itemListSearch(view);
	return queryOptions({
		queryKey: ['items', 'list', search] as const,
		queryFn: async ({ signal }): Promise<CardList> =>
			toCardList(await apiFetch<ItemList>(`/items${search}`, { signal })),
		staleTime: Infinity,
		gcTime: Infinity,
	});
}

/**
 * The signed-in donor's items. They change only through the donor's own actions on the page,
 * which write their outcome into the cache, so the list is never read again by itself.
 */
export function myItemsQuery() {
	return queryOptions({
		queryKey: ['items', 'mine'] as const,
		queryFn: async ({ signal }): Promise<MyItemCard[]> =>
			(await apiFetch<Item[]>('/items/my-items', { signal })).map(toMyItemCard),
		staleTime: Infinity,
	});
}
