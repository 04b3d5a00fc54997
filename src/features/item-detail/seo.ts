/** What search engines and link previews (WhatsApp, social sites) read about an item page. */
import type { Item } from '~/features/items/items';

/** Link previews cut longer descriptions; search results show about this much. */
export const metaDescriptionMax = 200;

/** `lead` then the item's own description, on one line and cut at a word to fit `max`. */
export function metaDescription(lead: string, description: string, max = metaDescriptionMax) {
	const text = `${lead} ${description}`.replace(/\s+/g, ' ').trim();
	if (text.length <= max) return text;
	const cut = text.slice(0, max - 1);
	const lastSpace = cut.lastIndexOf(' ');
	return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

/**
 * schema.org `Product` of an item: free (price 0 in rupiah), in stock while AVAILABLE and sold
 * out otherwise. `absolute` turns the site's paths into full URLs.
 */
export function itemJsonLd(
	item: Item,
	options: { url: string; category: string; donorUrl: string; absolute: (path: string) => string },
) {
	const measure = (value: number, unitCode: 'KGM' | 'CMT') => ({
		'@type': 'QuantitativeValue',
		value,
		unitCode,
	});
	return {
		'@context': 'https://schema.org',
		'@type': 'Product',
		name: item.name,
		description: item.description,
		image: item.photos.map((photo) => options.absolute(photo.src)),
		url: options.url,
		sku: String(item.id),
		category: options.category,
		weight: measure(item.weight, 'KGM'),
		depth: measure(item.length, 'CMT'),
		width: measure(item.width, 'CMT'),
		height: measure(item.height, 'CMT'),
		offers: {
			'@type': 'Offer',
			url: options.url,
			price: 0,
			priceCurrency: 'IDR',
			availability:
				item.status === 'AVAILABLE' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
			seller: { '@type': 'Person', name: item.donor.name, url: options.donorUrl },
		},
	};
}

/** JSON for an inline `<script>`: `<` escaped so no value can close the element early. */
export function scriptJson(value: unknown): string {
	return JSON.stringify(value).replace(/</g, '\\u003c');
}
