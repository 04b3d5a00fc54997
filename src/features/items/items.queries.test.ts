import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	closeBrowserPage,
	dataAnswer,
	installBrowserPage,
	observeQuery,
} from '../../../tests/helpers/browser-page';
import type { CardList } from './item-card';
import { defaultItemListView } from './item-list-url';
import type { ItemList } from './items';
import { itemListQuery } from './items.queries';

beforeEach(() => {
	vi.useFakeTimers();
});

afterEach(() => {
	closeBrowserPage();
	vi.useRealTimers();
});

describe('itemListQuery', () => {
	const listOf = (page: number): ItemList => ({
		items: [],
		meta: {
			page,
			limit: 12,
			total: 30,
			totalPages: 3,
			hasPrevPage: page > 1,
			hasNextPage: page < 3,
		},
	});

	it("takes the server's page without asking, and keeps every page shown for back and forward", async () => {
		const page = installBrowserPage((call) =>
			dataAnswer(listOf(Number(new URL(call.path, 'http://site.test').searchParams.get('page')))),
		);
		const first = itemListQuery(defaultItemListView);
		const serverPage: CardList = { items: [], meta: listOf(1).meta };
		const { observer } = observeQuery({ ...first, initialData: serverPage });
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toEqual([]);

		observer.setOptions(itemListQuery({ ...defaultItemListView, page: 2, search: 'kursi' }));
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls.map((call) => call.path)).toEqual(['/api/items?search=kursi&page=2']);
		expect(observer.getCurrentResult().data?.meta.page).toBe(2);

		observer.setOptions(first);
		expect(observer.getCurrentResult().data).toBe(serverPage);
		observer.setOptions(itemListQuery({ ...defaultItemListView, page: 2, search: 'kursi' }));
		await vi.advanceTimersByTimeAsync(10 * 60_000);
		page.focus();
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toHaveLength(1);
	});
});
