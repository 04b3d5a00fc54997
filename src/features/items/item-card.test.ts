import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useTranslations } from '~/server/i18n';
import ItemCard from './ItemCard.astro';
import { ItemCardView } from './ItemCardView';
import { type CardItem, cardLabels, cardView, eagerCardCount, toCardItem } from './item-card';
import type { Item } from './items';

const chair: CardItem = {
	id: 42,
	name: 'Kursi kayu <jati>',
	status: 'AVAILABLE',
	category: 'furniture',
	condition: 'likeNew',
	available: 2,
	cover: {
		src: '/media/items/42/a-800.webp',
		srcset: '/media/items/42/a-400.webp 400w, /media/items/42/a-800.webp 800w',
		width: 800,
		height: 600,
	},
	donorName: 'Siti & Budi',
	areaName: 'Kebayoran Lama, Jakarta Selatan',
};
const labels = { id: cardLabels(useTranslations('id')), en: cardLabels(useTranslations('en')) };

/**
 * The DOM a browser builds from the markup, as text: serialisation details that do not change
 * it (whitespace between tags, attribute name case, `=""`, `/>`) are evened out, and React's
 * hoisted image preload (a hint, not part of the card) is left out.
 */
const normalized = (html: string) =>
	html
		.replace(/<link rel="preload" as="image"[^>]*>/g, '')
		.replace(/>\s+</g, '><')
		.replace(/ ([a-zA-Z-]+)=/g, (_, name: string) => ` ${name.toLowerCase()}=`)
		.replaceAll('=""', '')
		.replaceAll('/>', '>')
		.trim();

describe('cardView', () => {
	it('links to the item in the page language and says who gives it', () => {
		expect(cardView(chair, labels.id, 'id', 0)).toMatchObject({
			href: '/items/42',
			byline: 'oleh Siti & Budi',
			statusLabel: 'Tersedia',
			categoryLabel: 'Perabot',
		});
		expect(cardView(chair, labels.en, 'en', 0)).toMatchObject({
			href: '/en/items/42',
			byline: 'by Siti & Budi',
			statusLabel: 'Available',
		});
	});

	it('shows an available item green, a reserved one amber and a given one gray', () => {
		expect(cardView(chair, labels.en, 'en', 0).badgeClass).toContain('badge-success');
		const reserved = cardView({ ...chair, status: 'RESERVED' }, labels.en, 'en', 0);
		expect(reserved).toMatchObject({ statusLabel: 'Reserved' });
		expect(reserved.badgeClass).toContain('badge-warning');
		expect(cardView({ ...chair, status: 'RESERVED' }, labels.id, 'id', 0).statusLabel).toBe(
			'Disisihkan',
		);
		for (const status of ['DONATED', 'SHIPPED', 'CANCELLED'] as const) {
			const view = cardView({ ...chair, status }, labels.en, 'en', 0);
			expect(view.badgeClass, status).toContain('badge-ghost');
			expect(view.badgeClass, status).not.toContain('badge-success');
		}
		expect(cardView({ ...chair, status: 'DONATED' }, labels.en, 'en', 0).statusLabel).toBe(
			'Completed',
		);
	});

	it('says what is left to ask for while the item is available, and only then', () => {
		expect(cardView(chair, labels.id, 'id', 0).left).toBe('Sisa 2');
		expect(cardView(chair, labels.en, 'en', 0).left).toBe('2 left');
		for (const status of ['RESERVED', 'DONATED'] as const) {
			expect(cardView({ ...chair, status }, labels.en, 'en', 0).left, status).toBeNull();
		}
	});

	it('shows the condition as a badge, and no badge for an item listed without one', () => {
		expect(cardView(chair, labels.id, 'id', 0).conditionLabel).toBe('Seperti baru');
		expect(cardView(chair, labels.en, 'en', 0).conditionLabel).toBe('Like new');
		expect(cardView({ ...chair, condition: null }, labels.en, 'en', 0).conditionLabel).toBeNull();
	});

	it('loads the first row of photos at once and the rest lazily', () => {
		expect(cardView(chair, labels.id, 'id', eagerCardCount - 1).image?.loading).toBe('eager');
		expect(cardView(chair, labels.id, 'id', eagerCardCount).image?.loading).toBe('lazy');
	});

	it('has no photo to show when the item has none', () => {
		expect(cardView({ ...chair, cover: null }, labels.id, 'id', 0).image).toBeNull();
	});
});

describe('toCardItem', () => {
	it('keeps only what a card shows, never the phone', () => {
		const item = {
			...chair,
			quantity: 3,
			reservedQuantity: 1,
			description: 'Masih kokoh',
			photos: [chair.cover],
			images: [chair.cover?.src],
			donor: { id: 'u1', name: 'Siti', avatar: null, areaName: null, hasPhone: true, phone: '+62' },
		} as unknown as Item;
		const card = toCardItem(item);
		expect(card).toEqual({ ...chair, donorName: 'Siti', areaName: null });
		expect(JSON.stringify(card)).not.toContain('+62');
	});
});

describe('ItemCard.astro and ItemCardView', () => {
	const variants: [string, CardItem, number][] = [
		['an available item with a photo', chair, 0],
		['a donated item further down', { ...chair, status: 'DONATED' }, 7],
		['a reserved item', { ...chair, status: 'RESERVED' }, 2],
		['an item without photo or area', { ...chair, cover: null, areaName: null }, 1],
		['an item listed without a condition', { ...chair, condition: null }, 3],
	];

	for (const [name, item, index] of variants) {
		it(`render the same markup for ${name}`, async () => {
			const container = await AstroContainer.create();
			const astro = await container.renderToString(ItemCard, {
				props: { item, labels: labels.id, locale: 'id', index },
			});
			const react = renderToStaticMarkup(
				createElement(ItemCardView, { item, labels: labels.id, locale: 'id', index }),
			);
			expect(normalized(astro)).toBe(normalized(react));
			expect(astro).toContain('Kursi kayu &lt;jati&gt;');
		});
	}
});
