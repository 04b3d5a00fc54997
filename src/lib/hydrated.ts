import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * Whether the island has hydrated: false in the server's HTML and while React hydrates it, true
 * from then on. A button the server draws before its handler is attached is disabled until then,
 * so a tap on a slow phone waits for it instead of doing nothing.
 */
export function useHydrated(): boolean {
	return useSyncExternalStore(
		subscribe,
		() => true,
		() => false,
	);
}
