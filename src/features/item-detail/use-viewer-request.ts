import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { currentRequest } from '~/features/requests/receiver';
import type { ItemRequest } from '~/features/requests/requests';
import { myItemRequestsQuery } from '~/features/requests/requests.queries';
import type { Item } from '~/features/items/items';

export interface ViewerRequest {
	/** The viewer's request for the item: the one in progress, else the latest; null for none. */
	request: ItemRequest | null;
	/** The requests are still being read for the first time. */
	loading: boolean;
	/** Reads the viewer's requests again now. */
	refetch: () => Promise<unknown>;
}

/**
 * The signed-in viewer's request for the item on the page (`myItemRequestsQuery`). Read again
 * whenever the item's poll brings a change (a reservation, a hand-over, a new status), since the
 * donor's steps on the request change the item too.
 */
export function useViewerRequest(item: Item, signedIn: boolean): ViewerRequest {
	const query = useQuery({ ...myItemRequestsQuery(item.id), enabled: signedIn });
	const { refetch: read } = query;
	const refetch = useCallback(() => read({ cancelRefetch: true }), [read]);

	const version = item.updatedAt;
	const seen = useRef(version);
	useEffect(() => {
		if (seen.current === version) return;
		seen.current = version;
		if (signedIn) void refetch();
	}, [version, signedIn, refetch]);

	return {
		request: currentRequest(query.data),
		loading: signedIn && query.isPending,
		refetch,
	};
}
