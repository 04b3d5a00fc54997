import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CardList } from '~/features/items/item-card';
import {
	type ItemListView,
	itemListSearch,
	parseItemListView,
} from '~/features/items/item-list-url';
import { itemListQuery } from '~/features/items/items.queries';

export type ItemListStatus = 'ready' | 'loading' | 'error';

/**
 * The `/items` list: the view the URL carries, the page of items it shows, loading and error.
 * The server's first page seeds the cache (`itemListQuery`), so hydrating fetches nothing; while
 * another page loads, the last one stays in view. `onRestore` hears of views restored by
 * back/forward.
 */
export function useItemList(
	initialView: ItemListView,
	initialList: CardList | null,
	onRestore: (view: ItemListView) => void,
) {
	const [view, setView] = useState(initialView);
	const isInitialView = itemListSearch(view) === itemListSearch(initialView);
	const query = useQuery({
		...itemListQuery(view),
		...(isInitialView && initialList && { initialData: initialList }),
		placeholderData: keepPreviousData,
	});
	const status: ItemListStatus =
		query.isError && !query.isFetching
			? 'error'
			: query.data && !query.isPlaceholderData
				? 'ready'
				: 'loading';

	const restore = useRef(onRestore);
	restore.current = onRestore;
	useEffect(() => {
		const onPopState = () => {
			const restored = parseItemListView(new URLSearchParams(location.search));
			setView(restored);
			restore.current(restored);
		};
		window.addEventListener('popstate', onPopState);
		return () => window.removeEventListener('popstate', onPopState);
	}, []);

	/** Shows `next` and records it in the URL: a new history entry, or in place of this one. */
	const navigate = useCallback((next: ItemListView, mode: 'push' | 'replace' = 'push') => {
		const url = `${location.pathname}${itemListSearch(next)}`;
		if (mode === 'push') history.pushState(null, '', url);
		else history.replaceState(null, '', url);
		setView(next);
	}, []);

	const { refetch } = query;
	const retry = useCallback(() => void refetch(), [refetch]);

	return { view, list: query.data ?? null, status, navigate, retry };
}
