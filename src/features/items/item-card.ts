/**
 * The item card's shared parts: one view of an item and one set of class names, so the Astro
 * card (`ItemCard.astro`), the React card (`ItemCardView.tsx`) and the home page's filled
 * template render the same thing.
 */
import type { TFunction } from 'i18next';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import {
	type Category,
	categories,
	type Item,
	type ItemCondition,
	itemConditions,
	type ItemList,
	type ItemListMeta,
	type ItemPhoto,
	type ItemStatus,
	itemStatuses,
	unreservedQuantity,
} from './items';

/** What a card shows of an item; small enough to pass to an island as its initial data. */
export interface CardItem {
	id: number;
	name: string;
	status: ItemStatus;
	category: Category;
	/** Null for items listed before the condition was asked: their cards show none. */
	condition: ItemCondition | null;
	/** What can still be asked for while the item is AVAILABLE (what no reservation holds). */
	available: number;
	cover: ItemPhoto | null;
	donorName: string;
	areaName: string | null;
}

/** The card's part of an item (drops the description and anything about the donor's phone). */
export function toCardItem(item: Item): CardItem {
	return {
		id: item.id,
		name: item.name,
		status: item.status,
		category: item.category,
		condition: item.condition,
		available: unreservedQuantity(item),
		cover: item.photos[0] ?? null,
		donorName: item.donor.name,
		// The city is what a receiver weighs first; the donor's area stands in for an item without one.
		areaName: item.pickup?.regencyName ?? item.donor.areaName,
	};
}

/** One page of the list as cards show it. */
export interface CardList {
	items: CardItem[];
	meta: ItemListMeta;
}

/** The card part of an API list page. */
export function toCardList(list: ItemList): CardList {
	return { items: list.items.map(toCardItem), meta: list.meta };
}

/** The translated words a card needs, resolved once per page (the home page has no i18next). */
export interface CardLabels {
	status: Record<ItemStatus, string>;
	category: Record<Category, string>;
	condition: Record<ItemCondition, string>;
	/** "by {{name}}", filled per card. */
	by: string;
	/** "{{count}} left", filled per card. */
	left: string;
	noPhoto: string;
	area: string;
}

/** One label per value of an enumeration. */
function labelsOf<V extends string>(values: readonly V[], label: (value: V) => string) {
	return Object.fromEntries(values.map((value) => [value, label(value)])) as Record<V, string>;
}

/** The card labels of the page's language, from the `item` and `items` namespaces. */
export function cardLabels(t: TFunction): CardLabels {
	return {
		status: labelsOf(itemStatuses, (status) => t(`item.status.${status}`)),
		category: labelsOf(categories, (category) => t(`item.category.${category}`)),
		condition: labelsOf(itemConditions, (condition) => t(`item.condition.${condition}`)),
		// Kept as a template and filled per card; i18next does not re-read an inserted value.
		by: t('item.by', { name: '{{name}}' }),
		left: t('item.quantityLeft', { count: '{{count}}' }),
		noPhoto: t('items.card.noPhoto'),
		area: t('items.card.area'),
	};
}

/** Cards in the first row of the widest grid load their photo at once; the rest lazily. */
export const eagerCardCount = 4;

/**
 * How wide a card's photo is drawn: the grid's columns (1, 2, 3, then 4 from 80rem, where the
 * grid stops growing) share the page's width less its 1rem margins and the 1.5rem gaps. A phone's
 * card is 358 px wide at 390, so it takes the 360 px file, not one for the whole screen.
 */
export const coverSizes = [
	'(min-width: 80rem) calc((80rem - 2rem - 4.5rem) / 4)',
	'(min-width: 64rem) calc((100vw - 2rem - 3rem) / 3)',
	'(min-width: 40rem) calc((100vw - 2rem - 1.5rem) / 2)',
	'calc(100vw - 2rem)',
].join(', ');

/** Everything a card renders, already decided. */
export interface CardView {
	href: string;
	name: string;
	statusLabel: string;
	badgeClass: string;
	categoryLabel: string;
	/** The condition's badge, when the item has one. */
	conditionLabel: string | null;
	/** What can be asked for, while the item is AVAILABLE. */
	left: string | null;
	byline: string;
	areaName: string | null;
	image: {
		src: string;
		srcset: string;
		sizes: string;
		width: number;
		height: number;
		loading: 'eager' | 'lazy';
	} | null;
}

/** The card of `item` at position `index` of its grid. */
export function cardView(
	item: CardItem,
	labels: CardLabels,
	locale: Locale,
	index: number,
): CardView {
	const cover = item.cover;
	return {
		href: localizePath(`/items/${item.id}`, locale),
		name: item.name,
		statusLabel: labels.status[item.status],
		badgeClass: statusBadgeClass(item.status),
		categoryLabel: labels.category[item.category],
		conditionLabel: item.condition && labels.condition[item.condition],
		left:
			item.status === 'AVAILABLE' ? labels.left.replace('{{count}}', String(item.available)) : null,
		byline: labels.by.replace('{{name}}', item.donorName),
		areaName: item.areaName,
		image: cover && {
			src: cover.src,
			srcset: cover.srcset,
			sizes: coverSizes,
			width: cover.width,
			height: cover.height,
			loading: index < eagerCardCount ? 'eager' : 'lazy',
		},
	};
}

/**
 * Green while the item can be asked for, amber while everything is reserved (it takes a waiting
 * list), gray once it is given away (docs/product-rules.md#item-statuses).
 */
export function statusBadgeClass(status: ItemStatus): string {
	const tone =
		status === 'AVAILABLE'
			? 'badge-success'
			: status === 'RESERVED'
				? 'badge-warning'
				: 'badge-ghost';
	return `${cardClass.badge} ${tone}`;
}

/** The card's class names, shared by every place that draws one. */
export const cardClass = {
	grid: 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
	card: 'card relative h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md',
	figure: 'aspect-4/3 overflow-hidden bg-base-200',
	image: 'size-full object-cover',
	noPhoto:
		'flex size-full items-center justify-center p-4 text-center text-sm text-base-content/70',
	body: 'card-body gap-2 p-4',
	// daisyUI lets paragraphs in a card body grow; these stay their size so actions sit at the end.
	meta: 'flex grow-0 flex-wrap items-center gap-2 text-sm text-base-content/75',
	badge: 'badge badge-sm font-semibold',
	condition: 'badge badge-sm badge-outline',
	title: 'card-title text-lg leading-snug',
	// The name's link covers the whole card, so the card is one tap target with one name.
	link: 'line-clamp-2 break-words after:absolute after:inset-0 after:rounded-box focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-primary',
	byline: 'grow-0 text-sm',
	area: 'flex grow-0 items-center gap-1 text-sm text-base-content/75',
	areaIcon: 'size-4 shrink-0',
	// Controls inside a card sit above the name's link.
	actions: 'relative z-10 mt-auto pt-2',
	skeletonFigure: 'skeleton aspect-4/3 rounded-none',
	skeletonLine: 'skeleton h-4',
} as const;

/** The path of the map-pin icon in front of the area. */
export const areaIconPath =
	'M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z';

/** The item of a card template: only its shape matters, every field is replaced when filled. */
export const templateCardItem: CardItem = {
	id: 0,
	name: '',
	status: 'AVAILABLE',
	category: 'other',
	condition: 'new',
	available: 1,
	cover: { src: '', srcset: '', width: 4, height: 3 },
	donorName: '',
	areaName: '-',
};
