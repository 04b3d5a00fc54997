import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Item } from '~/features/items/items';
import {
	type ApiCall,
	closeBrowserPage,
	dataAnswer,
	errorAnswer,
	installBrowserPage,
	observeQuery,
} from '../../../tests/helpers/browser-page';
import { isGone, itemQuery } from './item-detail.queries';

const rendered = {
	id: 42,
	name: 'Kursi lipat',
	status: 'AVAILABLE',
	donor: { name: 'Siti', hasPhone: true },
} as Item;
const withPhone = (version: number) =>
	({
		...rendered,
		quantity: version,
		donor: { ...rendered.donor, phone: '+6281234567890' },
	}) as Item;

/** `/api/items/42` as the server answers it: versioned, with ETags and 304s. */
function itemServer() {
	let version = 1;
	let deleted = false;
	return {
		answer(call: ApiCall) {
			if (deleted) return errorAnswer(404, 'NOT_FOUND', 'Barang tidak ditemukan');
			const etag = `"v${version}"`;
			if (call.ifNoneMatch === etag) return new Response(null, { status: 304 });
			return dataAnswer(withPhone(version), etag);
		},
		change() {
			version++;
		},
		delete() {
			deleted = true;
		},
	};
}

beforeEach(() => {
	vi.useFakeTimers();
});

afterEach(() => {
	closeBrowserPage();
	vi.useRealTimers();
});

describe('itemQuery', () => {
	it('reads the item on mount though the page rendered it, for the phone the HTML never has', async () => {
		const server = itemServer();
		const page = installBrowserPage(server.answer, 'en');
		const { observer } = observeQuery(itemQuery(rendered));
		expect(observer.getCurrentResult().data?.data).toBe(rendered);
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toEqual([
			{ path: '/api/items/42', ifNoneMatch: null, language: 'en', cache: 'no-store' },
		]);
		expect(observer.getCurrentResult().data).toEqual({ data: withPhone(1), etag: '"v1"' });
	});

	it('polls every 3 seconds with the ETag, keeping the same data while the server says 304', async () => {
		const server = itemServer();
		const page = installBrowserPage(server.answer);
		const { seen } = observeQuery(itemQuery(rendered));
		await vi.advanceTimersByTimeAsync(0);
		await vi.advanceTimersByTimeAsync(2999);
		expect(page.calls).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(1);
		expect(page.calls[1]?.ifNoneMatch).toBe('"v1"');
		await vi.advanceTimersByTimeAsync(3000);
		expect(page.calls).toHaveLength(3);
		expect(seen.map((entry) => entry.data.quantity)).toEqual([undefined, 1]);

		server.change();
		await vi.advanceTimersByTimeAsync(3000);
		expect(seen.map((entry) => entry.data.quantity)).toEqual([undefined, 1, 2]);
	});

	it('says an item deleted meanwhile is gone, and stops asking', async () => {
		const server = itemServer();
		const page = installBrowserPage(server.answer);
		const { observer } = observeQuery(itemQuery(rendered));
		await vi.advanceTimersByTimeAsync(0);
		server.delete();
		await vi.advanceTimersByTimeAsync(3000);
		expect(isGone(observer.getCurrentResult().error)).toBe(true);
		const asked = page.calls.length;
		await vi.advanceTimersByTimeAsync(9000);
		page.focus();
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toHaveLength(asked);
	});

	it('keeps the item through a failed poll, and the next poll asks again', async () => {
		let failing = false;
		const server = itemServer();
		const page = installBrowserPage((call) =>
			failing ? errorAnswer(500, 'INTERNAL') : server.answer(call),
		);
		const { observer } = observeQuery(itemQuery(rendered));
		await vi.advanceTimersByTimeAsync(0);
		failing = true;
		await vi.advanceTimersByTimeAsync(3000);
		expect(observer.getCurrentResult()).toMatchObject({ isError: true, data: { etag: '"v1"' } });
		expect(isGone(observer.getCurrentResult().error)).toBe(false);
		failing = false;
		await vi.advanceTimersByTimeAsync(3000);
		expect(page.calls).toHaveLength(3);
		expect(observer.getCurrentResult().isError).toBe(false);
	});

	it('reads again when the window regains focus, once the data is older than 1 second', async () => {
		const page = installBrowserPage(itemServer().answer);
		observeQuery(itemQuery(rendered));
		await vi.advanceTimersByTimeAsync(500);
		page.focus();
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(600);
		page.focus();
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toHaveLength(2);
	});

	it('pauses while the tab is hidden and reads again when it is shown', async () => {
		const page = installBrowserPage(itemServer().answer);
		observeQuery(itemQuery(rendered));
		await vi.advanceTimersByTimeAsync(0);
		page.setVisible(false);
		await vi.advanceTimersByTimeAsync(10_000);
		expect(page.calls).toHaveLength(1);
		page.setVisible(true);
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toHaveLength(2);
	});
});
