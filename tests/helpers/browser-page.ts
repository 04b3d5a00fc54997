/**
 * What TanStack Query sees of a browser page, for query tests under Node: a `window` that hears
 * focus, a `document` whose visibility a test can change, and `fetch` answered by a test's API.
 */
import {
	environmentManager,
	type QueryKey,
	QueryObserver,
	type QueryObserverOptions,
} from '@tanstack/query-core';
import { vi } from 'vitest';
import { createQueryClient } from '~/lib/query-client';

export interface BrowserPage {
	window: EventTarget;
	document: EventTarget & {
		visibilityState: DocumentVisibilityState;
		documentElement: { lang: string };
	};
	/** The window regains focus. */
	focus(): void;
	/** The tab is hidden or shown again. */
	setVisible(visible: boolean): void;
}

/** One API call as the page made it. */
export interface ApiCall {
	path: string;
	ifNoneMatch: string | null;
	language: string | null;
	cache: RequestCache | undefined;
}

/**
 * Installs a page in `lang` whose `fetch` asks `answer`, and records the calls. Undo with
 * `closeBrowserPage`. Query timers run only outside a server, which TanStack Query decides by
 * `window` when it loads, hence the override.
 */
export function installBrowserPage(
	answer: (call: ApiCall) => Response | Promise<Response>,
	lang = 'id',
): BrowserPage & { calls: ApiCall[] } {
	environmentManager.setIsServer(() => false);
	const window = new EventTarget();
	const document = Object.assign(new EventTarget(), {
		visibilityState: 'visible' as DocumentVisibilityState,
		documentElement: { lang },
	});
	const calls: ApiCall[] = [];
	vi.stubGlobal('window', window);
	vi.stubGlobal('document', document);
	vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
		const headers = new Headers(init?.headers);
		const call: ApiCall = {
			path: String(input),
			ifNoneMatch: headers.get('If-None-Match'),
			language: headers.get('Accept-Language'),
			cache: init?.cache,
		};
		calls.push(call);
		return answer(call);
	});
	return {
		window,
		document,
		calls,
		focus: () => window.dispatchEvent(new Event('focus')),
		setVisible(visible) {
			document.visibilityState = visible ? 'visible' : 'hidden';
			window.dispatchEvent(new Event('visibilitychange'));
		},
	};
}

/** An API answer with the `{ data }` envelope, and an ETag when given. */
export function dataAnswer(data: unknown, etag?: string): Response {
	return Response.json({ data }, etag ? { headers: { ETag: etag } } : {});
}

/** An API failure with the error envelope. */
export function errorAnswer(status: number, code: string, message = ''): Response {
	return Response.json({ error: { code, message } }, { status });
}

const observing: (() => void)[] = [];

/**
 * Observes `options` with a mounted client of the site's defaults, as an island root or the home
 * page's script does. `seen` lists each distinct data the observer was told of.
 */
export function observeQuery<T, K extends QueryKey>(
	options: QueryObserverOptions<T, Error, T, T, K>,
) {
	const client = createQueryClient();
	client.mount();
	const observer = new QueryObserver(client, options);
	const seen: T[] = [];
	const unsubscribe = observer.subscribe((result) => {
		if (result.data !== undefined && result.data !== seen.at(-1)) seen.push(result.data);
	});
	observing.push(() => {
		unsubscribe();
		client.unmount();
		client.clear();
	});
	return { client, observer, seen };
}

/** Stops every observer and takes the page away. */
export function closeBrowserPage(): void {
	for (const stop of observing.splice(0)) stop();
	vi.unstubAllGlobals();
}
