import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Locale } from '~/lib/i18n/locales';
import { myItemsResources } from './item-resources.server';
import type { Item } from './items';
import { type MyItemCard, primaryAction, toMyItemCard } from './my-items';
import { MyItems } from './MyItems';

const chair: MyItemCard = {
	id: 42,
	name: 'Kursi lipat',
	status: 'AVAILABLE',
	category: 'furniture',
	condition: 'used',
	available: 1,
	cover: null,
	donorName: 'Siti Rahma',
	areaName: 'Kebayoran Baru',
	requestCounts: { open: 3, new: 2 },
	canToggle: true,
	freshness: null,
};

function render(locale: Locale, items: MyItemCard[] = [chair]) {
	return renderToStaticMarkup(
		createElement(MyItems, {
			locale,
			resources: myItemsResources(locale),
			initialItems: items,
		}),
	);
}

/** The text of the card's link to the item's requests. */
function requestsLink(html: string, itemId: number): string {
	const link = new RegExp(`<a href="(?:/en)?/my-items/${itemId}/requests"[^>]*>(.*?)</a>`).exec(
		html,
	);
	return (link?.[1] ?? '').replace(/<[^>]+>/g, '');
}

describe('my items', () => {
	it('does not tell donors that their own items are theirs', () => {
		const items = [chair, { ...chair, id: 43, status: 'DONATED' as const }];
		expect(render('en', items)).not.toContain('Siti Rahma');
		expect(render('id', items)).not.toContain('Siti Rahma');
		expect(render('en', items)).toContain('Kebayoran Baru');
	});

	it('offers the status toggle only where it applies', () => {
		const reserved = { ...chair, status: 'RESERVED' as const, canToggle: false };
		expect(render('en', [chair])).toContain('>Mark as donated<');
		expect(render('en', [reserved])).not.toContain('>Mark as donated<');
		expect(render('en', [reserved])).not.toContain('>Mark as available<');
	});

	it('links each card to its requests, saying how many are in progress and how many are new', () => {
		expect(requestsLink(render('en'), 42)).toBe('3 requests 2 new');
		expect(requestsLink(render('id'), 42)).toBe('3 permintaan 2 baru');
	});

	it('leaves the new mark out once every request was seen', () => {
		const seen = { ...chair, requestCounts: { open: 1, new: 0 } };
		expect(requestsLink(render('en', [seen]), 42)).toBe('1 request');
	});

	it('still leads to the requests of an item with none in progress', () => {
		const quiet = { ...chair, requestCounts: { open: 0, new: 0 } };
		expect(requestsLink(render('en', [quiet]), 42)).toBe('See requests');
		expect(requestsLink(render('id', [quiet]), 42)).toBe('Lihat permintaan');
	});
});

/** The classes of the card's link or button whose text starts with `label`. */
function classOf(html: string, label: string): string {
	const control = new RegExp(`<(?:a|button) [^>]*class="([^"]*)"[^>]*>${label}\\s*<`).exec(html);
	return control?.[1] ?? '';
}

describe('the actions of a card', () => {
	const fresh = { ...chair, requestCounts: { open: 0, new: 0 } };

	it('never makes marking an item donated its filled, main button', () => {
		for (const item of [chair, fresh]) {
			const html = render('en', [item]);
			expect(classOf(html, 'Mark as donated')).toContain('btn-outline');
			expect(classOf(html, 'Mark as donated')).not.toContain('btn-primary');
		}
		expect(classOf(render('id', [fresh]), 'Tandai sudah dihibahkan')).toContain('btn-outline');
	});

	it('fills the button for what the donor does most: the requests, else editing', () => {
		expect(classOf(render('en', [chair]), '3 requests')).toContain('btn-primary');
		expect(classOf(render('en', [chair]), 'Edit')).not.toContain('btn-primary');
		expect(classOf(render('en', [fresh]), 'Edit')).toContain('btn-primary');
		expect(classOf(render('en', [fresh]), 'See requests')).not.toContain('btn-primary');
		const card = render('en', [fresh]).split('<dialog')[0]!;
		expect(card.match(/btn-primary/g)).toHaveLength(1);
	});
});

describe('primaryAction', () => {
	it.each([
		['requests in progress', 'requests', chair],
		['a fresh item', 'edit', { ...chair, requestCounts: { open: 0, new: 0 } }],
		[
			'a donated item',
			null,
			{ ...chair, status: 'DONATED' as const, requestCounts: { open: 0, new: 0 } },
		],
	] as const)('of %s is %s', (_, action, item) => {
		expect(primaryAction(item)).toBe(action);
	});
});

describe('toMyItemCard', () => {
	const item = {
		id: 42,
		name: 'Kursi lipat',
		status: 'DONATED',
		category: 'furniture',
		photos: [],
		donor: { name: 'Siti Rahma', areaName: null },
	} as unknown as Item;

	it('keeps the counts the list carries', () => {
		const counted = { ...item, requestCounts: { open: 2, new: 1 } };
		expect(toMyItemCard(counted).requestCounts).toEqual({ open: 2, new: 1 });
	});

	it('counts none in progress for an item a status change answered without counts', () => {
		expect(toMyItemCard(item).requestCounts).toEqual({ open: 0, new: 0 });
	});

	it('lets a donation marked by the donor be undone while something is left, not after hand-overs took all', () => {
		expect(toMyItemCard({ ...item, quantity: 1 }).canToggle).toBe(true);
		expect(toMyItemCard({ ...item, quantity: 0 }).canToggle).toBe(false);
		expect(toMyItemCard({ ...item, status: 'RESERVED', quantity: 2 }).canToggle).toBe(false);
	});
});
