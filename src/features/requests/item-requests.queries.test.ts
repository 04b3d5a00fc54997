import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	closeBrowserPage,
	dataAnswer,
	installBrowserPage,
	observeQuery,
} from '../../../tests/helpers/browser-page';
import { requestFor } from '../../../tests/helpers/item-requests';
import { itemRequestsQuery, itemRequestsStaleMs } from './item-requests.queries';

beforeEach(() => {
	vi.useFakeTimers();
});

afterEach(() => {
	closeBrowserPage();
	vi.useRealTimers();
});

describe('itemRequestsQuery', () => {
	it('keeps the "new" marks of the first read while the page is open', async () => {
		let read = 0;
		const page = installBrowserPage(() => {
			read += 1;
			// The server marks the requests seen on the first read.
			return dataAnswer([requestFor(1, 'open', { isNew: read === 1 })]);
		});
		const { client, observer } = observeQuery(itemRequestsQuery(7));
		await vi.advanceTimersByTimeAsync(0);
		await client.refetchQueries({ queryKey: itemRequestsQuery(7).queryKey });
		expect(page.calls.map((call) => call.path)).toEqual([
			'/api/items/7/requests',
			'/api/items/7/requests',
		]);
		expect(observer.getCurrentResult().data?.[0]?.isNew).toBe(true);
	});

	it('reads again on focus only once the list is stale', async () => {
		const page = installBrowserPage(() => dataAnswer([]));
		observeQuery(itemRequestsQuery(7));
		await vi.advanceTimersByTimeAsync(0);
		page.focus();
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(itemRequestsStaleMs);
		page.focus();
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toHaveLength(2);
	});
});
