import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '~/lib/api-client';
import { type Item, itemPollMs, itemStaleMs } from '../items';
import { pollItem } from './item-query';

export interface ItemState {
	item: Item;
	/** The item was deleted while the page was open. */
	gone: boolean;
	/** A refetch the viewer asked for (after a status change) is running. */
	refreshing: boolean;
	/** Asks the server again now and resolves with the freshest item known. */
	refetch: () => Promise<Item>;
	/** Shows an item the server just returned (from a mutation) until the next poll. */
	replace: (item: Item) => void;
}

/**
 * The item as the server knows it now: loaded from the API once on mount (the rendered page
 * never carries the donor's phone; the API hands it out under its rate limit), then polled
 * every 3 s while the tab is visible and refetched when the window regains focus with data
 * older than 1 s (docs/product-rules.md#polling-and-caching), so a status change by the donor reaches every open page.
 * A failed poll keeps the data and tries again at the next tick.
 */
export function useItem(initial: Item): ItemState {
	const [item, setItem] = useState(initial);
	const [gone, setGone] = useState(false);
	const [refreshing, setRefreshing] = useState(false);
	const latest = useRef(initial);
	const etag = useRef<string | null>(null);
	const updatedAt = useRef(Number.NEGATIVE_INFINITY);
	const inFlight = useRef<Promise<void> | null>(null);

	const show = useCallback((next: Item) => {
		latest.current = next;
		updatedAt.current = Date.now();
		setItem(next);
	}, []);

	const poll = useCallback((): Promise<void> => {
		inFlight.current ??= pollItem(initial.id, etag.current, document.documentElement.lang)
			.then((result) => {
				updatedAt.current = Date.now();
				if (!result.changed) return;
				etag.current = result.etag;
				show(result.item);
			})
			.catch((error: unknown) => {
				if (error instanceof ApiError && error.status === 404) setGone(true);
			})
			.finally(() => {
				inFlight.current = null;
			});
		return inFlight.current;
	}, [initial.id, show]);

	useEffect(() => {
		if (gone) return;
		const visible = () => document.visibilityState === 'visible';
		const timer = window.setInterval(() => {
			if (visible()) void poll();
		}, itemPollMs);
		const refetchIfStale = () => {
			if (visible() && Date.now() - updatedAt.current > itemStaleMs) void poll();
		};
		window.addEventListener('focus', refetchIfStale);
		document.addEventListener('visibilitychange', refetchIfStale);
		refetchIfStale();
		return () => {
			window.clearInterval(timer);
			window.removeEventListener('focus', refetchIfStale);
			document.removeEventListener('visibilitychange', refetchIfStale);
		};
	}, [gone, poll]);

	const refetch = useCallback(async () => {
		setRefreshing(true);
		// A poll already under way may have started before the change: wait, then ask again.
		await inFlight.current;
		await poll();
		setRefreshing(false);
		return latest.current;
	}, [poll]);

	return { item, gone, refreshing, refetch, replace: show };
}
