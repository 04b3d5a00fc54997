/** The donor's own list (docs/product-rules.md#my-items): cards that also count the item's requests. */
import { type CardItem, toCardItem } from './item-card';
import { canToggleStatus, type Freshness, freshnessOf, isEditable, type Item } from './items';

/** Requests open or reserved for an item, and of them the ones its donor has not seen yet. */
export interface RequestCounts {
	open: number;
	new: number;
}

/** A card of My items. */
export interface MyItemCard extends CardItem {
	requestCounts: RequestCounts;
	/** Whether the status toggle applies (`canToggleStatus`). */
	canToggle: boolean;
	/** Asked whether it is still available, or hidden as stale: either waits for one tap. */
	freshness: Freshness;
}

/**
 * The card of one of the donor's items. An item without counts (as a status change answers it)
 * has none in progress: marking an item donated closes its requests, and only an item without
 * any may become available again.
 */
export function toMyItemCard(item: Item): MyItemCard {
	return {
		...toCardItem(item),
		requestCounts: item.requestCounts ?? { open: 0, new: 0 },
		canToggle: canToggleStatus(item),
		freshness: freshnessOf(item),
	};
}

/**
 * The card's one filled button, for what its donor does most: the requests while some are in
 * progress, else editing a fresh item. Marking it given never is: that closes its requests.
 */
export function primaryAction(item: MyItemCard): 'requests' | 'edit' | null {
	if (item.requestCounts.open > 0) return 'requests';
	return isEditable(item) ? 'edit' : null;
}
