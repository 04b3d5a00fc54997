/**
 * Keeps item data fresh the way docs/product-rules.md#polling-and-caching asks (polled every 3 s, refetched on window focus,
 * stale after 1 s) without TanStack Query, for the home page whose script must stay tiny.
 * Each poll revalidates with the last `ETag`, so an unchanged answer is a body-less 304.
 */

/** Where focus and visibility changes come from; the browser's `window` and `document`. */
export interface PollerEnvironment {
	window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
	document: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & {
		readonly visibilityState: DocumentVisibilityState;
	};
	fetch: typeof fetch;
	now: () => number;
}

export interface PollerOptions<T> {
	/** An API path answering `{ data }` with an `ETag`. */
	url: string;
	intervalMs: number;
	/** Focus refetches only data older than this. */
	staleMs: number;
	/** Called with new data; not called when the server says nothing changed. */
	onData: (data: T) => void;
	onError: (error: unknown) => void;
	environment?: PollerEnvironment;
}

export interface Poller {
	/** Asks the server now (joins a request already under way). */
	refresh: () => Promise<void>;
	/** Stops the timer and the listeners and drops a request under way. */
	stop: () => void;
}

/** Starts polling `options.url` at once and every `intervalMs` while the page is visible. */
export function pollData<T>(options: PollerOptions<T>): Poller {
	const env = options.environment ?? {
		window,
		document,
		fetch: (...args) => fetch(...args),
		now: () => Date.now(),
	};
	let etag: string | null = null;
	let updatedAt = Number.NEGATIVE_INFINITY;
	let inFlight: Promise<void> | null = null;
	const controller = new AbortController();

	async function load(): Promise<void> {
		try {
			const headers: Record<string, string> = { Accept: 'application/json' };
			if (etag) headers['If-None-Match'] = etag;
			// `no-cache`: always ask the server, letting it answer 304 when nothing changed.
			const response = await env.fetch(options.url, {
				cache: 'no-cache',
				headers,
				signal: controller.signal,
			});
			if (response.status === 304) {
				updatedAt = env.now();
				return;
			}
			if (!response.ok) throw new Error(`${options.url} answered ${response.status}`);
			const nextEtag = response.headers.get('ETag');
			updatedAt = env.now();
			// The browser may turn a 304 into its cached 200: the same ETag means the same data.
			if (nextEtag && nextEtag === etag) return;
			const body = (await response.json()) as { data: T };
			etag = nextEtag;
			options.onData(body.data);
		} catch (error) {
			if (!controller.signal.aborted) options.onError(error);
		}
	}

	function refresh(): Promise<void> {
		inFlight ??= load().finally(() => {
			inFlight = null;
		});
		return inFlight;
	}

	function refreshIfStale() {
		if (env.document.visibilityState === 'visible' && env.now() - updatedAt >= options.staleMs) {
			void refresh();
		}
	}

	// Like TanStack Query's default, the interval pauses while the tab is hidden.
	const timer = setInterval(() => {
		if (env.document.visibilityState === 'visible') void refresh();
	}, options.intervalMs);
	env.window.addEventListener('focus', refreshIfStale);
	env.document.addEventListener('visibilitychange', refreshIfStale);
	void refresh();

	return {
		refresh,
		stop() {
			clearInterval(timer);
			env.window.removeEventListener('focus', refreshIfStale);
			env.document.removeEventListener('visibilitychange', refreshIfStale);
			controller.abort();
		},
	};
}
