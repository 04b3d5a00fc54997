import type { z } from 'zod/mini';
import type { itemListSchema, itemPhotoSchema, itemSchema } from './item-api.server';

/** Categories of items (docs/product-rules.md#categories); `other` is the default. */
export const categories = [
	'clothing',
	'electronics',
	'furniture',
	'household',
	'books',
	'kids',
	'sports',
	'other',
] as const;
export type Category = (typeof categories)[number];

/** An item's condition (docs/product-rules.md#conditions); items listed before it have none. */
export const itemConditions = ['new', 'likeNew', 'used', 'needsRepair'] as const;
export type ItemCondition = (typeof itemConditions)[number];

export const itemStatuses = ['AVAILABLE', 'RESERVED', 'SHIPPED', 'DONATED', 'CANCELLED'] as const;
export type ItemStatus = (typeof itemStatuses)[number];

/** Page size of item lists (fits 1 to 4 columns) and the largest page a client may ask for. */
export const itemPageSize = 12;
export const itemPageSizeMax = 48;
/** How many items the home page shows. */
export const latestItemsCount = 8;
/** Item detail and the latest list are polled this often, and stale after `itemStaleMs`. */
export const itemPollMs = 3000;
export const itemStaleMs = 1000;

/** In lists and search, or out of them: under review after reports, or hidden by a moderator. */
export const itemVisibilities = ['listed', 'underReview', 'hidden', 'stale'] as const;
export type ItemVisibility = (typeof itemVisibilities)[number];

/**
 * Where a listing stands on going stale (docs/product-rules.md#stale-listings): its donor was
 * asked whether it is still available, or it is hidden as stale; either waits for one tap.
 */
export type Freshness = 'asked' | 'stale' | null;

/** One stored photo: `src` is the largest WebP, `srcset` lists every width. */
export type ItemPhoto = z.output<typeof itemPhotoSchema>;

/** An item as the API returns it. */
export type Item = z.output<typeof itemSchema>;

/** The donor as an item shows them. The phone only reaches signed-in viewers with a complete profile. */
export type ItemDonor = Item['donor'];

/** A page of items and where it sits among the others. */
export type ItemList = z.output<typeof itemListSchema>;
export type ItemListMeta = ItemList['meta'];

/**
 * Whether the item is there for the asking, with what is left shown. A RESERVED item still takes
 * a waiting list; the other statuses read as given away (docs/product-rules.md#item-statuses).
 */
export function isAvailable(item: Pick<Item, 'status'>): boolean {
	return item.status === 'AVAILABLE';
}

/** Whether the owner may still edit or delete the item. */
export function isEditable(item: Pick<Item, 'status'>): boolean {
	return item.status === 'AVAILABLE';
}

/**
 * Whether the owner's toggle applies: an available item can be marked donated, and a donated one
 * with something left marked available again. A reserved or shipped item, or one whose every unit
 * was handed over, moves only through its requests (docs/product-rules.md#item-statuses).
 */
export function canToggleStatus(item: Pick<Item, 'status' | 'quantity'>): boolean {
	return item.status === 'AVAILABLE' || (item.status === 'DONATED' && item.quantity > 0);
}

/** The status a toggle leads to: AVAILABLE becomes DONATED, anything else AVAILABLE again. */
export function toggledStatus(status: ItemStatus): ItemStatus {
	return status === 'AVAILABLE' ? 'DONATED' : 'AVAILABLE';
}

/** What a receiver may still ask for and a donor reserve: what is left, less what is reserved. */
export function unreservedQuantity(item: Pick<Item, 'quantity' | 'reservedQuantity'>): number {
	return Math.max(0, item.quantity - item.reservedQuantity);
}

/** The quantity stepper's rule: an integer within 1..available; anything invalid is 1. */
export function clampQuantity(value: unknown, available: number): number {
	const number = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
	if (!Number.isInteger(number) || number < 1) return 1;
	return Math.min(number, Math.max(1, available));
}

/**
 * The WhatsApp link for asking a donor about an item: `https://wa.me/<digits>?text=…`, the
 * message naming the item, the requested and available quantity, and the item's page.
 */
export function whatsappUrl(phone: string, message: string): string {
	return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}

export function freshnessOf(item: Pick<Item, 'visibility' | 'askedStillAvailable'>): Freshness {
	if (item.visibility === 'stale') return 'stale';
	return item.askedStillAvailable ? 'asked' : null;
}
