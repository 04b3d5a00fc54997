import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Locale } from '~/lib/i18n/locales';
import { islandResources } from '~/server/i18n';
import type { CardItem } from './item-card';
import { MyItems } from './MyItems';

const chair: CardItem = {
	id: 42,
	name: 'Kursi lipat',
	status: 'AVAILABLE',
	category: 'furniture',
	available: 1,
	cover: null,
	donorName: 'Siti Rahma',
	areaName: 'Kebayoran Baru',
};

function render(locale: Locale) {
	return renderToStaticMarkup(
		createElement(MyItems, {
			locale,
			resources: islandResources(locale, ['items', 'item', 'common']),
			initialItems: [chair, { ...chair, id: 43, status: 'DONATED' }],
		}),
	);
}

describe('my items', () => {
	it('does not tell donors that their own items are theirs', () => {
		expect(render('en')).not.toContain('Siti Rahma');
		expect(render('id')).not.toContain('Siti Rahma');
		expect(render('en')).toContain('Kebayoran Baru');
	});
});
