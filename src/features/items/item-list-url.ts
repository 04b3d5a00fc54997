import { type Category, categories } from './items';

/** What a visitor chose on `/items`: the part of the list query that the URL carries. */
export interface ItemListView {
	page: number;
	search: string;
	sort: 'newest' | 'oldest';
	category: Category | null;
}

/** The list as it opens: first page, newest first, every category, no search. */
export const defaultItemListView: ItemListView = {
	page: 1,
	search: '',
	sort: 'newest',
	category: null,
};

/** The longest search the API accepts (`itemListQuerySchema`). */
const searchMaxLength = 100;

/**
 * Reads `/items?search=kursi&page=2&sort=oldest&category=books`. Each field is read on its own
 * and anything unusable falls back to its default, so a mangled link still opens a list.
 */
export function parseItemListView(params: URLSearchParams): ItemListView {
	const page = Number(params.get('page'));
	const sort = params.get('sort');
	const category = params.get('category');
	return {
		page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
		search: (params.get('search') ?? '').trim().slice(0, searchMaxLength),
		sort: sort === 'oldest' ? 'oldest' : 'newest',
		category: categories.find((known) => known === category) ?? null,
	};
}

/** The query string of a view (`?search=kursi&page=2`), leaving out defaults; '' for none. */
export function itemListSearch(view: ItemListView): string {
	const params = new URLSearchParams();
	if (view.search) params.set('search', view.search);
	if (view.page > 1) params.set('page', String(view.page));
	if (view.sort !== 'newest') params.set('sort', view.sort);
	if (view.category) params.set('category', view.category);
	const query = params.toString();
	return query ? `?${query}` : '';
}

/** Whether two views show the same list. */
export function sameItemListView(a: ItemListView, b: ItemListView): boolean {
	return itemListSearch(a) === itemListSearch(b);
}
