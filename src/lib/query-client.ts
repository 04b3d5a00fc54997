/**
 * The site's TanStack Query client, from `@tanstack/query-core` alone so the home page's plain
 * script can use it without React. Islands get one per root (`islandRoot`).
 */
import { focusManager, QueryClient } from '@tanstack/query-core';

let watchingFocus = false;

/**
 * TanStack Query refetches stale data when the tab becomes visible again; the product rules
 * (docs/product-rules.md#polling-and-caching) also mean a window regaining focus, e.g. from
 * another application while the tab stayed visible.
 */
function watchWindowFocus(): void {
	if (watchingFocus || typeof window === 'undefined') return;
	watchingFocus = true;
	focusManager.setEventListener((onFocus) => {
		const listener = () => onFocus();
		window.addEventListener('visibilitychange', listener);
		window.addEventListener('focus', listener);
		return () => {
			window.removeEventListener('visibilitychange', listener);
			window.removeEventListener('focus', listener);
		};
	});
}

/** A query client with the site's defaults. */
export function createQueryClient(): QueryClient {
	watchWindowFocus();
	return new QueryClient({
		defaultOptions: {
			queries: {
				// A failed read shows its error with a retry button, or the next poll asks again;
				// the profile check has a retry policy of its own.
				retry: false,
			},
		},
	});
}
