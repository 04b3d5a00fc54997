import type { TFunction } from 'i18next';
import { useId } from 'react';
import type { ItemListView } from '~/features/items/item-list-url';

/** The sort select's choice as the view's fields: an order, or nearest first. */
function sortChoice(value: string): Pick<ItemListView, 'sort' | 'near'> {
	return value === 'near'
		? { sort: 'newest', near: true }
		: { sort: value === 'oldest' ? 'oldest' : 'newest', near: false };
}

interface ItemSortSelectProps {
	t: TFunction;
	view: ItemListView;
	/** Offers "near me" (a signed-in visitor with a district of their own). */
	canSortNearMe: boolean;
	onChange: (order: Pick<ItemListView, 'sort' | 'near'>) => void;
}

/** The order of `/items`: newest, oldest, or nearest to the visitor's own district first. */
export function ItemSortSelect({ t, view, canSortNearMe, onChange }: ItemSortSelectProps) {
	const id = useId();
	return (
		<label className="select select-lg w-full md:w-auto">
			<span id={id} className="label">
				{t('items.sort.label')}
			</span>
			<select
				name="sort"
				aria-labelledby={id}
				value={view.near ? 'near' : view.sort}
				onChange={(event) => onChange(sortChoice(event.currentTarget.value))}
			>
				<option value="newest">{t('items.sort.newest')}</option>
				<option value="oldest">{t('items.sort.oldest')}</option>
				{(canSortNearMe || view.near) && <option value="near">{t('places.filter.nearMe')}</option>}
			</select>
		</label>
	);
}
