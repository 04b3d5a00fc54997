import { z } from 'zod/mini';
import { itemLimits } from '~/config/limits';

/** Categories of design.md; `other` is the default. */
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

export const itemStatuses = ['AVAILABLE', 'RESERVED', 'SHIPPED', 'DONATED', 'CANCELLED'] as const;
export type ItemStatus = (typeof itemStatuses)[number];

/** Page size of item lists (fits 1 to 4 columns) and the largest page a client may ask for. */
export const itemPageSize = 12;
export const itemPageSizeMax = 48;
/** How many items the home page shows, and how many skeletons while they load. */
export const latestItemsCount = 8;
/** Item detail and the latest list are polled this often, and stale after `itemStaleMs`. */
export const itemPollMs = 3000;
export const itemStaleMs = 1000;

/** One stored photo: `src` is the largest WebP, `srcset` lists every width. */
export interface ItemPhoto {
	src: string;
	srcset: string;
	width: number;
	height: number;
}

/** The donor as an item shows them. The phone only reaches signed-in viewers with a complete profile. */
export interface ItemDonor {
	id: string;
	name: string;
	avatar: string | null;
	areaName: string | null;
	hasPhone: boolean;
	phone?: string;
}

/** An item as the API returns it. */
export interface Item {
	id: number;
	name: string;
	description: string;
	category: Category;
	weight: number;
	length: number;
	width: number;
	height: number;
	quantity: number;
	status: ItemStatus;
	donatedAt: string | null;
	createdAt: string;
	updatedAt: string;
	/** Photo URLs, cover first (the spec's `images`). */
	images: string[];
	photos: ItemPhoto[];
	donorId: string;
	donor: ItemDonor;
}

export interface ItemListMeta {
	page: number;
	limit: number;
	total: number;
	totalPages: number;
	hasPrevPage: boolean;
	hasNextPage: boolean;
}

export interface ItemList {
	items: Item[];
	meta: ItemListMeta;
}

/** The list's query, as `/items?search=kursi&page=2` carries it. */
export const itemListQuerySchema = z.object({
	page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
	limit: z._default(
		z.coerce.number().check(z.int(), z.minimum(1), z.maximum(itemPageSizeMax)),
		itemPageSize,
	),
	search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
	sort: z._default(z.enum(['newest', 'oldest']), 'newest'),
	category: z.optional(z.enum(categories)),
	status: z._default(z.enum(['available', 'all']), 'all'),
});
export type ItemListQuery = z.output<typeof itemListQuerySchema>;

function decimal(field: string, min: number, max: number) {
	return z.coerce.number(`form.errors.${field}Required`).check(
		z.refine((value) => Number.isFinite(value), `form.errors.${field}Required`),
		z.minimum(min, `form.errors.${field}Min`),
		z.maximum(max, `form.errors.${field}Max`),
	);
}

function text(field: string, min: number, max: number) {
	return z
		.string(`form.errors.${field}Required`)
		.check(
			z.trim(),
			z.minLength(1, `form.errors.${field}Required`),
			z.minLength(min, `form.errors.${field}Min`),
			z.maxLength(max, `form.errors.${field}Max`),
		);
}

/** The item form's fields (photos are checked separately), shared by the form and the API. */
export const itemInputSchema = z.object({
	name: text('itemName', itemLimits.nameMin, itemLimits.nameMax),
	description: text('description', itemLimits.descriptionMin, itemLimits.descriptionMax),
	weight: decimal('weight', itemLimits.weightMin, itemLimits.weightMax),
	length: decimal('length', itemLimits.dimensionMin, itemLimits.dimensionMax),
	width: decimal('width', itemLimits.dimensionMin, itemLimits.dimensionMax),
	height: decimal('height', itemLimits.dimensionMin, itemLimits.dimensionMax),
	quantity: z.coerce
		.number('form.errors.quantityRequired')
		.check(
			z.int('form.errors.quantityInteger'),
			z.minimum(itemLimits.quantityMin, 'form.errors.quantityMin'),
			z.maximum(itemLimits.quantityMax, 'form.errors.quantityMax'),
		),
	category: z._default(z.enum(categories, 'form.errors.categoryInvalid'), 'other'),
});
export type ItemInput = z.input<typeof itemInputSchema>;
export type ValidItem = z.output<typeof itemInputSchema>;

/** Whether the owner may still edit or delete the item. */
export function isEditable(item: Pick<Item, 'status'>): boolean {
	return item.status === 'AVAILABLE';
}

/** The status a toggle leads to: AVAILABLE becomes DONATED, anything else AVAILABLE again. */
export function toggledStatus(status: ItemStatus): ItemStatus {
	return status === 'AVAILABLE' ? 'DONATED' : 'AVAILABLE';
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
