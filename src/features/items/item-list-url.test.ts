import { describe, expect, it } from 'vitest';
import {
	defaultItemListView,
	itemListSearch,
	parseItemListView,
	sameItemListView,
} from './item-list-url';

const parse = (query: string) => parseItemListView(new URLSearchParams(query));

describe('parseItemListView', () => {
	it('opens the first page of the newest items in every category without a query', () => {
		expect(parse('')).toEqual(defaultItemListView);
	});

	it('reads the search, page, sort and category', () => {
		expect(parse('search=kursi&page=2&sort=oldest&category=books')).toEqual({
			page: 2,
			search: 'kursi',
			sort: 'oldest',
			category: 'books',
			province: null,
			regency: null,
			near: false,
		});
	});

	it('reads the province, the city and near me, with or without dots', () => {
		expect(parse('province=32&regency=32.73&near=me')).toMatchObject({
			province: '32',
			regency: '3273',
			near: true,
		});
		expect(parse('regency=3273')).toMatchObject({ province: '32', regency: '3273' });
		expect(parse('province=31&regency=3273')).toMatchObject({ province: '31', regency: null });
		expect(parse('province=3&regency=abcd&near=you')).toMatchObject({
			province: null,
			regency: null,
			near: false,
		});
	});

	it('falls back to the default of each field it cannot use', () => {
		expect(parse('page=abc&sort=cheapest&category=cars&search=%20%20')).toEqual(
			defaultItemListView,
		);
		expect(parse('page=0').page).toBe(1);
		expect(parse('page=-3').page).toBe(1);
		expect(parse('page=1.5').page).toBe(1);
		expect(parse('page=3&sort=nope').page).toBe(3);
	});

	it('trims the search and cuts it to what the API accepts', () => {
		expect(parse('search=%20meja%20').search).toBe('meja');
		expect(parse(`search=${'a'.repeat(150)}`).search).toHaveLength(100);
	});
});

describe('itemListSearch', () => {
	it('leaves out every default', () => {
		expect(itemListSearch(defaultItemListView)).toBe('');
	});

	it('writes the fields in the order of a shared link', () => {
		expect(
			itemListSearch({
				...defaultItemListView,
				page: 2,
				search: 'kursi',
				sort: 'oldest',
				category: 'books',
				province: '32',
				regency: '3273',
			}),
		).toBe('?search=kursi&page=2&sort=oldest&category=books&province=32&regency=3273');
		expect(itemListSearch({ ...defaultItemListView, sort: 'oldest', near: true })).toBe('?near=me');
	});

	it('round-trips through the parser', () => {
		const view = {
			page: 4,
			search: 'rak & lemari',
			sort: 'newest',
			category: 'furniture',
			province: '32',
			regency: '3273',
			near: true,
		} as const;
		const query = itemListSearch(view);
		expect(parse(query.slice(1))).toEqual(view);
	});
});

describe('sameItemListView', () => {
	it('compares what the list shows', () => {
		expect(sameItemListView(defaultItemListView, { ...defaultItemListView })).toBe(true);
		expect(sameItemListView(defaultItemListView, { ...defaultItemListView, page: 2 })).toBe(false);
	});
});
