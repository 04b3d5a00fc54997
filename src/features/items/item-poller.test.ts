import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Poller, type PollerEnvironment, pollData } from './item-poller';

/** A server answering from a list of versions, with ETags, as `/api/items/latest` does. */
function fakeServer() {
	let version = 1;
	const requests: { ifNoneMatch: string | null; cache: RequestCache | undefined }[] = [];
	const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
		const headers = new Headers(init?.headers);
		requests.push({ ifNoneMatch: headers.get('If-None-Match'), cache: init?.cache });
		const tag = `"v${version}"`;
		if (headers.get('If-None-Match') === tag) return new Response(null, { status: 304 });
		return Response.json({ data: [`item ${version}`] }, { headers: { ETag: tag } });
	});
	return {
		fetch,
		requests,
		change() {
			version++;
		},
	};
}

function fakeEnvironment(server: ReturnType<typeof fakeServer>) {
	const document = Object.assign(new EventTarget(), {
		visibilityState: 'visible' as DocumentVisibilityState,
	});
	const window = new EventTarget();
	const env: PollerEnvironment = {
		window,
		document,
		fetch: server.fetch as typeof fetch,
		now: () => Date.now(),
	};
	return { env, window, document };
}

describe('pollData', () => {
	let poller: Poller | undefined;
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		poller?.stop();
		vi.useRealTimers();
	});

	function start(server: ReturnType<typeof fakeServer>, onError = vi.fn()) {
		const { env, window, document } = fakeEnvironment(server);
		const onData = vi.fn();
		poller = pollData<string[]>({
			url: '/api/items/latest',
			intervalMs: 3000,
			staleMs: 1000,
			onData,
			onError,
			environment: env,
		});
		return { onData, onError, window, document };
	}

	it('loads at once, then every 3 seconds, without re-reading unchanged data', async () => {
		const server = fakeServer();
		const { onData } = start(server);
		await vi.advanceTimersByTimeAsync(0);
		expect(onData).toHaveBeenCalledExactlyOnceWith(['item 1']);

		await vi.advanceTimersByTimeAsync(3000);
		expect(server.fetch).toHaveBeenCalledTimes(2);
		expect(server.requests[1]).toEqual({ ifNoneMatch: '"v1"', cache: 'no-cache' });
		expect(onData).toHaveBeenCalledTimes(1);

		server.change();
		await vi.advanceTimersByTimeAsync(3000);
		expect(onData).toHaveBeenLastCalledWith(['item 2']);
	});

	it('keeps the data when the browser hands back its cached copy of the same version', async () => {
		const fetch = vi.fn(async () =>
			Response.json({ data: ['same'] }, { headers: { ETag: '"a"' } }),
		);
		const { onData } = start({ fetch, requests: [], change() {} });
		await vi.advanceTimersByTimeAsync(3000);
		expect(fetch).toHaveBeenCalledTimes(2);
		expect(onData).toHaveBeenCalledTimes(1);
	});

	it('pauses while the tab is hidden', async () => {
		const server = fakeServer();
		const { document } = start(server);
		await vi.advanceTimersByTimeAsync(0);
		document.visibilityState = 'hidden';
		await vi.advanceTimersByTimeAsync(9000);
		expect(server.fetch).toHaveBeenCalledTimes(1);
	});

	it('refetches on focus only once the data is stale', async () => {
		const server = fakeServer();
		const { window } = start(server);
		await vi.advanceTimersByTimeAsync(500);
		window.dispatchEvent(new Event('focus'));
		await vi.advanceTimersByTimeAsync(0);
		expect(server.fetch).toHaveBeenCalledTimes(1);

		await vi.advanceTimersByTimeAsync(600);
		window.dispatchEvent(new Event('focus'));
		await vi.advanceTimersByTimeAsync(0);
		expect(server.fetch).toHaveBeenCalledTimes(2);
	});

	it('refetches stale data when the tab becomes visible again', async () => {
		const server = fakeServer();
		const { document } = start(server);
		await vi.advanceTimersByTimeAsync(0);
		document.visibilityState = 'hidden';
		await vi.advanceTimersByTimeAsync(10_000);
		document.visibilityState = 'visible';
		document.dispatchEvent(new Event('visibilitychange'));
		await vi.advanceTimersByTimeAsync(0);
		expect(server.fetch).toHaveBeenCalledTimes(2);
	});

	it('reports a failed answer and keeps polling', async () => {
		let fail = true;
		const fetch = vi.fn(async () =>
			fail
				? Response.json({ error: { code: 'INTERNAL' } }, { status: 500 })
				: Response.json({ data: ['back'] }, { headers: { ETag: '"b"' } }),
		);
		const { onData, onError } = start({ fetch, requests: [], change() {} });
		await vi.advanceTimersByTimeAsync(0);
		expect(onError).toHaveBeenCalledTimes(1);
		fail = false;
		await vi.advanceTimersByTimeAsync(3000);
		expect(onData).toHaveBeenCalledWith(['back']);
	});

	it('stops asking once stopped', async () => {
		const server = fakeServer();
		start(server);
		await vi.advanceTimersByTimeAsync(0);
		poller?.stop();
		await vi.advanceTimersByTimeAsync(9000);
		expect(server.fetch).toHaveBeenCalledTimes(1);
	});
});
