import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	closeBrowserPage,
	dataAnswer,
	installBrowserPage,
	observeQuery,
} from '../../../tests/helpers/browser-page';
import { receiverRequest } from '../../../tests/helpers/item-requests';
import type { RequestState } from './requests';
import { myItemRequestsQuery, myRequestsQuery } from './requests.queries';

beforeEach(() => {
	vi.useFakeTimers();
});

afterEach(() => {
	closeBrowserPage();
	vi.useRealTimers();
});

/** `GET /api/requests/mine…` answering one request in `state()`. */
function requestsServer(state: () => RequestState) {
	return () => dataAnswer([receiverRequest({ state: state() })]);
}

describe('myItemRequestsQuery', () => {
	it('asks for the viewer’s requests for the one item, in the page’s language', async () => {
		const page = installBrowserPage(
			requestsServer(() => 'open'),
			'en',
		);
		const { observer } = observeQuery(myItemRequestsQuery(42));
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls.map(({ path, language }) => [path, language])).toEqual([
			['/api/requests/mine?item=42', 'en'],
		]);
		expect(observer.getCurrentResult().data?.[0]?.state).toBe('open');
	});

	it('reads again every 30 seconds while a request is in progress, and stops once it ended', async () => {
		let state: RequestState = 'reserved';
		const page = installBrowserPage(requestsServer(() => state));
		observeQuery(myItemRequestsQuery(42));
		await vi.advanceTimersByTimeAsync(29_999);
		expect(page.calls).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(1);
		expect(page.calls).toHaveLength(2);
		state = 'expired';
		await vi.advanceTimersByTimeAsync(30_000);
		await vi.advanceTimersByTimeAsync(90_000);
		expect(page.calls).toHaveLength(3);
	});
});

describe('myRequestsQuery', () => {
	it('lists every request of the receiver and leaves finished ones alone', async () => {
		const page = installBrowserPage(requestsServer(() => 'confirmed'));
		observeQuery(myRequestsQuery());
		await vi.advanceTimersByTimeAsync(120_000);
		expect(page.calls.map(({ path }) => path)).toEqual(['/api/requests/mine']);
	});

	it('reads again when the window regains focus', async () => {
		const page = installBrowserPage(requestsServer(() => 'confirmed'));
		observeQuery(myRequestsQuery());
		await vi.advanceTimersByTimeAsync(0);
		page.focus();
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toHaveLength(2);
	});
});
