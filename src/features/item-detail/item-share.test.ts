import { describe, expect, it } from 'vitest';
import { createTranslator } from '~/lib/i18n/translate';
import { allResources } from '~/server/i18n';
import { itemShare } from './item-share';

describe('sharing an item', () => {
	it('sends its name and address in the viewer’s language', () => {
		const t = createTranslator('id', allResources);
		const share = itemShare('Kursi lipat & meja', 'https://hibahin.id/items/42', t);
		expect(share.title).toBe('Kursi lipat & meja');
		expect(share.text).toBe('Kursi lipat & meja, gratis di Hibahin');
		expect(share.url).toBe('https://hibahin.id/items/42');
		const link = new URL(share.whatsappUrl);
		expect(link.origin + link.pathname).toBe('https://wa.me/');
		expect(link.searchParams.get('text')).toBe(
			'Kursi lipat & meja, gratis di Hibahin\nhttps://hibahin.id/items/42',
		);
	});

	it('speaks English to an English viewer', () => {
		const t = createTranslator('en', allResources);
		const share = itemShare('Folding chair', 'https://hibahin.id/en/items/42', t);
		expect(new URL(share.whatsappUrl).searchParams.get('text')).toBe(
			'Folding chair, free on Hibahin\nhttps://hibahin.id/en/items/42',
		);
	});
});
