import { describe, expect, it } from 'vitest';
import { rankingsSearch, rankingsViewOf } from './heroes';

describe('the rankings an address asks for', () => {
	const viewOf = (search: string) => rankingsViewOf(new URLSearchParams(search));

	it('reads the range, the order and the page, and writes them back the same', () => {
		const view = viewOf('?range=month&sort=recent&page=2');
		expect(view).toEqual({ range: 'month', sort: 'recent', page: 2 });
		expect(rankingsSearch(view)).toBe('?range=month&sort=recent&page=2');
		expect(viewOf('')).toEqual({ range: 'all', sort: 'impact', page: 1 });
		expect(rankingsSearch(viewOf(''))).toBe('');
	});

	it('falls back on the default of anything missing or unknown', () => {
		for (const search of ['?page=0', '?page=-2', '?page=1.5', '?page=x', '?page=1000001']) {
			expect(viewOf(search).page, search).toBe(1);
		}
		expect(viewOf('?range=week&sort=names')).toEqual({ range: 'all', sort: 'impact', page: 1 });
	});
});
