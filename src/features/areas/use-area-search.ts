import { useEffect, useState } from 'react';
import { apiFetch } from '~/lib/api-client';
import {
	type Area,
	areaSearchDebounceMs,
	areaSearchMinLength,
	isSearchableAreaQuery,
} from './areas';

/** Where a district search stands: nothing asked, too short, waiting for the answer, or done. */
export type AreaSearchState =
	| { status: 'idle' }
	| { status: 'tooShort'; minLength: number }
	| { status: 'loading' }
	| { status: 'done'; areas: Area[] }
	| { status: 'error' };

/** Where districts are searched: the profile's directory, or the official list items use. */
export type AreaSearchSource = '/shipping/areas/search' | '/places/districts/search';

/**
 * Searches districts for `query` once it has at least 3 characters and the typing has paused
 * for 500 ms. A newer query cancels the older request, so answers never arrive out of order.
 */
export function useAreaSearch(
	query: string,
	enabled: boolean,
	source: AreaSearchSource = '/shipping/areas/search',
): AreaSearchState {
	const [state, setState] = useState<AreaSearchState>({ status: 'idle' });

	useEffect(() => {
		if (!enabled || !query.trim()) {
			setState({ status: 'idle' });
			return;
		}
		if (!isSearchableAreaQuery(query)) {
			setState({ status: 'tooShort', minLength: areaSearchMinLength });
			return;
		}
		// Loading from the first keystroke: results of the previous query would mislead.
		setState({ status: 'loading' });
		const controller = new AbortController();
		const timer = setTimeout(() => {
			apiFetch<{ areas: Area[] }>(`${source}?q=${encodeURIComponent(query.trim())}`, {
				signal: controller.signal,
			}).then(
				({ areas }) => setState({ status: 'done', areas }),
				() => {
					if (!controller.signal.aborted) setState({ status: 'error' });
				},
			);
		}, areaSearchDebounceMs);
		return () => {
			clearTimeout(timer);
			controller.abort();
		};
	}, [query, enabled, source]);

	return state;
}
