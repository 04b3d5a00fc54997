import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	closeBrowserPage,
	dataAnswer,
	installBrowserPage,
	observeQuery,
} from '../../../tests/helpers/browser-page';
import type { RankingsPage } from './heroes';
import { rankingsQuery } from './heroes.queries';

const emptyPage: RankingsPage = {
	rankings: [],
	meta: { currentPage: 1, totalPages: 0, hasNextPage: false, hasPrevPage: false, total: 0 },
};

beforeEach(() => {
	vi.useFakeTimers();
});

afterEach(() => {
	closeBrowserPage();
	vi.useRealTimers();
});

describe('rankingsQuery', () => {
	it('asks for ten donors of the chosen page, range and order', async () => {
		const page = installBrowserPage(() => dataAnswer(emptyPage));
		const { observer } = observeQuery(rankingsQuery({ page: 2, range: 'month', sort: 'recent' }));
		await vi.advanceTimersByTimeAsync(0);
		observer.setOptions(rankingsQuery({ page: 1, range: 'all', sort: 'impact' }));
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls.map((call) => call.path)).toEqual([
			'/api/heroes/rankings?page=2&limit=10&range=month&sort=recent',
			'/api/heroes/rankings?page=1&limit=10&range=all&sort=impact',
		]);
		expect(observer.getCurrentResult().data).toEqual(emptyPage);
	});
});
