import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { Item } from '~/features/items/items';
import { isGone, itemQuery } from './item-detail.queries';

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
 * The item as the server knows it now (`itemQuery`: read on mount, polled, read again on focus),
 * so a status change by the donor reaches every open page. A failed poll keeps the data and the
 * next one tries again.
 */
export function useItem(initial: Item): ItemState {
	const options = useMemo(() => itemQuery(initial), [initial]);
	const client = useQueryClient();
	const { data, error, refetch: read } = useQuery(options);
	const [refreshing, setRefreshing] = useState(false);

	const refetch = useCallback(async () => {
		setRefreshing(true);
		// A poll under way may have started before the change: it is cancelled and asked anew.
		const result = await read({ cancelRefetch: true });
		setRefreshing(false);
		return result.data?.data ?? initial;
	}, [read, initial]);

	// The ETag of an item from a mutation is unknown: the next poll reads it whole.
	const replace = useCallback(
		(item: Item) => client.setQueryData(options.queryKey, { data: item, etag: null }),
		[client, options],
	);

	return { item: data.data, gone: isGone(error), refreshing, refetch, replace };
}
