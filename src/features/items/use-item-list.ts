import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch } from '~/lib/api-client';
import { type CardItem, toCardItem } from './item-card';
import { type ItemListView, itemListSearch, parseItemListView } from './item-list-url';
import type { ItemList, ItemListMeta } from './items';

/** One page of the list as cards show it. */
export interface CardList {
	items: CardItem[];
	meta: ItemListMeta;
}

/** The card part of an API list page. */
export function toCardList(list: ItemList): CardList {
	return { items: list.items.map(toCardItem), meta: list.meta };
}

export type ItemListStatus = 'ready' | 'loading' | 'error';

/**
 * The `/items` list: the view the URL carries, the page of items it shows, loading and error.
 * The server's first page seeds a cache, so hydrating fetches nothing and back/forward to a
 * page seen before is instant. `onRestore` hears of views restored by back/forward.
 */
export function useItemList(
	initialView: ItemListView,
	initialList: CardList | null,
	onRestore: (view: ItemListView) => void,
) {
	const [view, setView] = useState(initialView);
	const cache = useRef(new Map<string, CardList>());
	if (initialList && cache.current.size === 0) {
		cache.current.set(itemListSearch(initialView), initialList);
	}
	const [list, setList] = useState(initialList);
	const [status, setStatus] = useState<ItemListStatus>(initialList ? 'ready' : 'loading');
	const [attempt, setAttempt] = useState(0);
	const key = itemListSearch(view);

	useEffect(() => {
		const cached = cache.current.get(key);
		if (cached) {
			setList(cached);
			setStatus('ready');
			return;
		}
		setStatus('loading');
		const controller = new AbortController();
		apiFetch<ItemList>(`/items${key}`, { signal: controller.signal }).then(
			(data) => {
				const page = toCardList(data);
				cache.current.set(key, page);
				setList(page);
				setStatus('ready');
			},
			() => {
				if (!controller.signal.aborted) setStatus('error');
			},
		);
		return () => controller.abort();
	}, [key, attempt]);

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

	const retry = useCallback(() => setAttempt((count) => count + 1), []);

	return { view, list, status, navigate, retry };
}
