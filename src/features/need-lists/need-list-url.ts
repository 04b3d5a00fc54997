import { type Category, categories } from '~/features/items/items';
import { linkPlaceCode, placeCode } from '~/features/places/places';

/** What a visitor chose on `/needs`: the part of the list query that the URL carries. */
export interface NeedListView {
	page: number;
	search: string;
	category: Category | null;
	/** Province and city/regency codes as links carry them ("32", "3273"). */
	province: string | null;
	regency: string | null;
	urgent: boolean;
	/** Nearest to the signed-in visitor's district first. */
	near: boolean;
}

/** The longest search the API accepts (`needListQuerySchema`). */
const searchMaxLength = 100;

/** A place code of the link in its link form, or null when it cannot be one. */
function linkCode(level: 'province' | 'regency', raw: string | null): string | null {
	const code = raw === null ? null : placeCode(level, raw);
	return code && linkPlaceCode(code);
}

/**
 * Reads `/needs?search=buku&urgent=true&category=books&province=32&regency=3273&page=2`. Each
 * field is read on its own and anything unusable falls back to its default, so a mangled link
 * still opens a list; a city outside the province given is dropped, and a city alone brings its
 * province.
 */
export function parseNeedListView(params: URLSearchParams): NeedListView {
	const page = Number(params.get('page'));
	const category = params.get('category');
	let province = linkCode('province', params.get('province'));
	let regency = linkCode('regency', params.get('regency'));
	if (regency && province && !regency.startsWith(province)) regency = null;
	if (regency && !province) province = regency.slice(0, 2);
	return {
		page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
		search: (params.get('search') ?? '').trim().slice(0, searchMaxLength),
		category: categories.find((known) => known === category) ?? null,
		province,
		regency,
		urgent: params.get('urgent') === 'true',
		near: params.get('near') === 'me',
	};
}

/** The query string of a view (`?search=buku&page=2`), leaving out defaults; '' for none. */
export function needListSearch(view: NeedListView): string {
	const params = new URLSearchParams();
	if (view.search) params.set('search', view.search);
	if (view.category) params.set('category', view.category);
	if (view.province) params.set('province', view.province);
	if (view.regency) params.set('regency', view.regency);
	if (view.urgent) params.set('urgent', 'true');
	if (view.near) params.set('near', 'me');
	if (view.page > 1) params.set('page', String(view.page));
	const query = params.toString();
	return query ? `?${query}` : '';
}
