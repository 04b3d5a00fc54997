import { linkPlaceCode, placeCode } from '~/features/places/places';
import { type Category, categories } from './items';

/** What a visitor chose on `/items`: the part of the list query that the URL carries. */
export interface ItemListView {
	page: number;
	search: string;
	sort: 'newest' | 'oldest';
	category: Category | null;
	/** Province and city/regency codes as links carry them ("32", "3273"). */
	province: string | null;
	regency: string | null;
	/** Nearest to the signed-in visitor's district first, in place of the sort. */
	near: boolean;
}

/** The list as it opens: first page, newest first, every category and place, no search. */
export const defaultItemListView: ItemListView = {
	page: 1,
	search: '',
	sort: 'newest',
	category: null,
	province: null,
	regency: null,
	near: false,
};

/** The longest search the API accepts (`itemListQuerySchema`). */
const searchMaxLength = 100;

/** A place code of the link in its link form, or null when it cannot be one. */
function linkCode(level: 'province' | 'regency', raw: string | null): string | null {
	const code = raw === null ? null : placeCode(level, raw);
	return code && linkPlaceCode(code);
}

/**
 * Reads `/items?search=kursi&page=2&sort=oldest&category=books&province=32&regency=3273`. Each
 * field is read on its own and anything unusable falls back to its default, so a mangled link
 * still opens a list; a city outside the province given is dropped, and a city alone brings its
 * province.
 */
export function parseItemListView(params: URLSearchParams): ItemListView {
	const page = Number(params.get('page'));
	const sort = params.get('sort');
	const category = params.get('category');
	let province = linkCode('province', params.get('province'));
	let regency = linkCode('regency', params.get('regency'));
	if (regency && province && !regency.startsWith(province)) regency = null;
	if (regency && !province) province = regency.slice(0, 2);
	return {
		page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
		search: (params.get('search') ?? '').trim().slice(0, searchMaxLength),
		sort: sort === 'oldest' ? 'oldest' : 'newest',
		category: categories.find((known) => known === category) ?? null,
		province,
		regency,
		near: params.get('near') === 'me',
	};
}

/** The query string of a view (`?search=kursi&page=2`), leaving out defaults; '' for none. */
export function itemListSearch(view: ItemListView): string {
	const params = new URLSearchParams();
	if (view.search) params.set('search', view.search);
	if (view.page > 1) params.set('page', String(view.page));
	if (view.near) params.set('near', 'me');
	else if (view.sort !== 'newest') params.set('sort', view.sort);
	if (view.category) params.set('category', view.category);
	if (view.province) params.set('province', view.province);
	if (view.regency) params.set('regency', view.regency);
	const query = params.toString();
	return query ? `?${query}` : '';
}

/** Whether two views show the same list. */
export function sameItemListView(a: ItemListView, b: ItemListView): boolean {
	return itemListSearch(a) === itemListSearch(b);
}
