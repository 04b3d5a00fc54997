import { describe, expect, it } from 'vitest';
import type { Item } from '~/features/items/items';
import { itemJsonLd, metaDescription, scriptJson } from './seo';

const item = {
	id: 42,
	name: 'Kursi lipat',
	description: 'Kursi lipat kayu,\nmasih kokoh.',
	category: 'furniture',
	weight: 3.5,
	length: 45,
	width: 40,
	height: 80,
	quantity: 2,
	reservedQuantity: 0,
	status: 'AVAILABLE',
	photos: [
		{ src: '/media/items/a-1280.webp', srcset: '', width: 1280, height: 960 },
		{ src: '/media/items/b-1280.webp', srcset: '', width: 1280, height: 960 },
	],
	donorId: 'u1',
	donor: { id: 'u1', name: 'Sari', avatar: null, areaName: null, hasPhone: true },
} as unknown as Item;

const options = {
	url: 'https://hibahin.id/items/42',
	category: 'Perabot',
	donorUrl: 'https://hibahin.id/profile/u1',
	absolute: (path: string) => new URL(path, 'https://hibahin.id').href,
};

describe('metaDescription', () => {
	it('joins the lead and the description on one line', () => {
		expect(metaDescription('Gratis.', 'Kursi\n\nlipat  kayu')).toBe('Gratis. Kursi lipat kayu');
	});

	it('cuts a long text at a word and marks the cut', () => {
		const text = metaDescription('Gratis.', 'kata '.repeat(100), 40);
		expect(text.length).toBeLessThanOrEqual(40);
		expect(text).toMatch(/^Gratis\. kata( kata)*…$/);
	});
});

describe('itemJsonLd', () => {
	it('describes a free product with absolute photo URLs', () => {
		const data = itemJsonLd(item, options);
		expect(data).toMatchObject({
			'@type': 'Product',
			name: 'Kursi lipat',
			image: [
				'https://hibahin.id/media/items/a-1280.webp',
				'https://hibahin.id/media/items/b-1280.webp',
			],
			offers: { price: 0, priceCurrency: 'IDR', availability: 'https://schema.org/InStock' },
		});
	});

	it('is sold out once the item is no longer available', () => {
		const data = itemJsonLd({ ...item, status: 'DONATED' }, options);
		expect(data.offers.availability).toBe('https://schema.org/SoldOut');
	});
});

describe('scriptJson', () => {
	it('cannot close the script element it is written into', () => {
		const json = scriptJson({ name: '</script><script>alert(1)</script>' });
		expect(json).not.toContain('</script');
		expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' });
	});
});
