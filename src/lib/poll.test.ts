import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	closeBrowserPage,
	dataAnswer,
	errorAnswer,
	installBrowserPage,
} from '../../tests/helpers/browser-page';
import { type PollEvent, pollTagged } from './poll';

const timing = { everyMs: 3000, staleMs: 1000 };
let stop: (() => void) | undefined;

beforeEach(() => {
	vi.useFakeTimers();
});

afterEach(() => {
	stop?.();
	closeBrowserPage();
	vi.useRealTimers();
});

function poll(initial?: { data: string[]; etag: string }) {
	const events: PollEvent<string[]>[] = [];
	stop = pollTagged<string[]>('/items/latest', timing, initial, (event) => events.push(event));
	return events;
}

describe('pollTagged', () => {
	it('reads at once without data, then every 3 s with the last ETag, telling only of changes', async () => {
		let version = 1;
		const page = installBrowserPage((call) =>
			call.ifNoneMatch === `"v${version}"`
				? new Response(null, { status: 304 })
				: dataAnswer([`item ${version}`], `"v${version}"`),
		);
		const events = poll();
		await vi.advanceTimersByTimeAsync(0);
		await vi.advanceTimersByTimeAsync(3000);
		expect(page.calls.map((call) => [call.path, call.ifNoneMatch, call.cache])).toEqual([
			['/api/items/latest', null, 'no-store'],
			['/api/items/latest', '"v1"', 'no-store'],
		]);
		version = 2;
		await vi.advanceTimersByTimeAsync(3000);
		expect(events).toEqual([
			{ data: { data: ['item 1'], etag: '"v1"' } },
			{ data: { data: ['item 2'], etag: '"v2"' } },
		]);
	});

	it("starts from the page's own data: the first read is the next poll's, a 304", async () => {
		const page = installBrowserPage(() => new Response(null, { status: 304 }));
		const events = poll({ data: ['shown'], etag: '"v1"' });
		await vi.advanceTimersByTimeAsync(2999);
		expect(page.calls).toEqual([]);
		await vi.advanceTimersByTimeAsync(1);
		expect(page.calls.map((call) => call.ifNoneMatch)).toEqual(['"v1"']);
		expect(events).toEqual([]);
	});

	it('rests while the tab is hidden and reads stale data again when it comes back or on focus', async () => {
		const page = installBrowserPage(() => new Response(null, { status: 304 }));
		poll({ data: [], etag: '"v1"' });
		page.setVisible(false);
		await vi.advanceTimersByTimeAsync(60_000);
		expect(page.calls).toHaveLength(0);
		page.setVisible(true);
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toHaveLength(1);
		// Fresh data: focus alone does not ask again.
		page.focus();
		await vi.advanceTimersByTimeAsync(500);
		expect(page.calls).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(1000);
		page.focus();
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toHaveLength(2);
	});

	it('tells of a failed read and keeps polling, and stops when told', async () => {
		let fail = true;
		const page = installBrowserPage(() =>
			fail ? errorAnswer(503, 'UNAVAILABLE') : dataAnswer(['back'], '"v1"'),
		);
		const events = poll();
		await vi.advanceTimersByTimeAsync(0);
		expect(events).toEqual([{ error: expect.objectContaining({ code: 'UNAVAILABLE' }) }]);
		fail = false;
		await vi.advanceTimersByTimeAsync(3000);
		expect(events.at(-1)).toEqual({ data: { data: ['back'], etag: '"v1"' } });
		stop?.();
		await vi.advanceTimersByTimeAsync(30_000);
		expect(page.calls).toHaveLength(2);
	});
});
