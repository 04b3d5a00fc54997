/**
 * The home page's latest items, in plain TypeScript so the home page ships no React: the page
 * comes with the cards; `pollTagged` asks `/api/items/latest` again as an item's page does,
 * revalidating them with the page's ETag first, and an answer that differs fills the
 * server-rendered card template once per item.
 */
import type { Locale } from '~/lib/i18n/locales';
import { pollTagged } from '~/lib/poll';
import { type CardLabels, type CardView, cardClass, cardView, toCardItem } from './item-card';
import { type Item, itemPollMs, itemStaleMs } from './items';

/** Puts one item into a copy of the card template (`ItemCard.astro`'s markup). */
export function fillCard(card: DocumentFragment, view: CardView, noPhoto: string): void {
	const slot = <E extends Element = HTMLElement>(name: string) =>
		card.querySelector<E>(`[data-card-${name}]`);
	const image = slot<HTMLImageElement>('image');
	if (image && view.image) {
		image.loading = view.image.loading;
		image.sizes = view.image.sizes;
		image.srcset = view.image.srcset;
		image.src = view.image.src;
		image.width = view.image.width;
		image.height = view.image.height;
	} else if (image) {
		const placeholder = document.createElement('span');
		placeholder.className = cardClass.noPhoto;
		placeholder.textContent = noPhoto;
		image.replaceWith(placeholder);
	}
	const status = slot('status');
	if (status) {
		status.className = view.badgeClass;
		status.textContent = view.statusLabel;
	}
	if (view.conditionLabel) slot('condition')?.replaceChildren(view.conditionLabel);
	else slot('condition')?.remove();
	slot('category')?.replaceChildren(view.categoryLabel);
	if (view.left) slot('left')?.replaceChildren(view.left);
	else slot('left')?.remove();
	const link = slot<HTMLAnchorElement>('link');
	if (link) {
		link.href = view.href;
		link.textContent = view.name;
	}
	slot('byline')?.replaceChildren(view.byline);
	if (view.areaName) slot('area-name')?.replaceChildren(view.areaName);
	else slot('area')?.remove();
}

/** Starts the latest-items section once it comes near the screen. */
export function startLatestItems(section: HTMLElement): void {
	const labels = JSON.parse(section.dataset['labels'] ?? '{}') as CardLabels;
	const locale = (section.dataset['locale'] ?? 'id') as Locale;
	const part = <E extends Element = HTMLElement>(name: string) =>
		section.querySelector<E>(`[data-latest-${name}]`)!;
	const list = part('list');
	const template = part<HTMLTemplateElement>('card');
	// The page's own cards, unless it could not read the items.
	const etag = section.dataset['etag'] || null;
	let loaded = etag !== null;

	function settle(state: 'items' | 'empty' | 'error') {
		list.hidden = state !== 'items';
		part('empty').hidden = state !== 'empty';
		part('error').hidden = state !== 'error';
	}

	function show(items: Item[]) {
		loaded = true;
		list.replaceChildren(
			...items.map((item, index) => {
				const card = template.content.cloneNode(true) as DocumentFragment;
				fillCard(card, cardView(toCardItem(item), labels, locale, index), labels.noPhoto);
				const entry = document.createElement('li');
				entry.append(card);
				return entry;
			}),
		);
		settle(items.length > 0 ? 'items' : 'empty');
	}

	function begin() {
		// What the page shows, under the ETag the API gives it: fresh now, so the first request is
		// the next poll's, and it costs a 304 while nothing changed.
		const shown = etag ? { data: [], etag } : undefined;
		pollTagged<Item[]>(
			'/items/latest',
			{ everyMs: itemPollMs, staleMs: itemStaleMs },
			shown,
			(event) => {
				if ('data' in event) show(event.data.data);
				// Items already shown stay; a later poll may succeed again.
				else if (!loaded) settle('error');
			},
		);
	}

	// Start a little before the section scrolls into view, like `client:visible`.
	const observer = new IntersectionObserver(
		(entries) => {
			if (!entries.some((entry) => entry.isIntersecting)) return;
			observer.disconnect();
			begin();
		},
		{ rootMargin: '400px' },
	);
	observer.observe(section);
}
