/**
 * Polling outside React, for the plain scripts every page or the home page carries (islands poll
 * through TanStack Query): one tagged API read, asked again every `everyMs` while the tab is
 * visible and at once when the window regains focus or the tab comes back with data older than
 * `staleMs` (docs/product-rules.md#polling-and-caching). Each read sends the last ETag, so an
 * unchanged answer is a 304 and tells the listener nothing.
 */
import { apiRevalidate, type Tagged } from './api-client';

export interface PollTiming {
	everyMs: number;
	staleMs: number;
}

/** A new answer, or a failed read (the data shown before stays). */
export type PollEvent<T> = { data: Tagged<T> } | { error: unknown };

/**
 * Polls `/api{path}`. With `initial` (what the page was rendered with, under its ETag) the first
 * read is the next poll's; without it, the first read is now. Returns a function that stops it.
 */
export function pollTagged<T>(
	path: string,
	timing: PollTiming,
	initial: Tagged<T> | undefined,
	listener: (event: PollEvent<T>) => void,
): () => void {
	let current = initial;
	let readAt = initial ? Date.now() : 0;
	let reading: AbortController | undefined;
	let timer: ReturnType<typeof setTimeout> | undefined;
	let stopped = false;

	const visible = () => document.visibilityState === 'visible';

	function schedule() {
		clearTimeout(timer);
		if (!stopped && visible()) timer = setTimeout(read, timing.everyMs);
	}

	async function read() {
		clearTimeout(timer);
		if (reading || stopped) return;
		reading = new AbortController();
		try {
			const next = await apiRevalidate<T>(path, current, reading.signal);
			readAt = Date.now();
			if (next !== current && !stopped) listener({ data: (current = next) });
		} catch (error) {
			if (!stopped) listener({ error });
		} finally {
			reading = undefined;
			schedule();
		}
	}

	function wake() {
		if (!visible()) return clearTimeout(timer);
		if (Date.now() - readAt > timing.staleMs) void read();
		else if (!reading) schedule();
	}

	window.addEventListener('focus', wake);
	window.addEventListener('visibilitychange', wake);
	if (initial) schedule();
	else void read();

	return () => {
		stopped = true;
		clearTimeout(timer);
		reading?.abort();
		window.removeEventListener('focus', wake);
		window.removeEventListener('visibilitychange', wake);
	};
}
