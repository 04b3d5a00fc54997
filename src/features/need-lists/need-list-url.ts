import { type ItemListView, parseItemListView } from '~/features/items/item-list-url';

/** What a visitor chose on `/needs`: the part of the list query that the URL carries. */
export interface NeedListView extends Omit<ItemListView, 'sort'> {
	urgent: boolean;
}

/**
 * Reads `/needs?search=buku&urgent=true&category=books&province=32&regency=3273&page=2`: the page,
 * search, category, place and near me as the items list reads them (`parseItemListView`: anything
 * unusable falls back to its default), and whether only urgent needs are listed. Needs have no
 * sort.
 */
export function parseNeedListView(params: URLSearchParams): NeedListView {
	const { sort, ...shared } = parseItemListView(params);
	return { ...shared, urgent: params.get('urgent') === 'true' };
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
