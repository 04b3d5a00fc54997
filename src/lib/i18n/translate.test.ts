import { describe, expect, it } from 'vitest';
import { allResources } from '~/server/i18n';
import { createI18n, createTranslator } from './translate';

describe('createTranslator', () => {
	it('translates dotted keys in each language', () => {
		expect(createTranslator('id', allResources)('common.loading')).toBe('Memuat…');
		expect(createTranslator('en', allResources)('common.loading')).toBe('Loading…');
	});

	it('falls back to Indonesian when a language lacks a key', () => {
		const t = createTranslator('en', { id: allResources.id });
		expect(t('nav.items')).toBe(allResources.id.nav.items);
	});

	it('fills in variables', () => {
		const t = createTranslator('en', allResources);
		expect(t('footer.copyright', { year: 2026, site: 'Hibahin' })).toContain('2026 Hibahin');
	});

	it('counts one in the singular and more in the plural, in both languages', () => {
		const en = createTranslator('en', allResources);
		const id = createTranslator('id', allResources);
		expect(en('items.results', { count: 1 })).toBe('1 item found');
		expect(en('items.results', { count: 15 })).toBe('15 items found');
		expect(en('profile.fields.areaResults', { count: 1 })).toMatch(/^1 district found\./);
		expect(en('profile.fields.areaResults', { count: 20 })).toMatch(/^20 districts found\./);
		expect(id('items.results', { count: 1 })).toBe('1 barang ditemukan');
		expect(id('items.results', { count: 15 })).toBe('15 barang ditemukan');
		expect(id('profile.fields.areaResults', { count: 1 })).toMatch(/^1 kecamatan ditemukan\./);
	});

	it('reads a plain key once, and still translates every call that asks for more', () => {
		const i18n = createI18n('en', allResources);
		const fixed = i18n.getFixedT('en', 'translation');
		expect(fixed('common.loading')).toBe('Loading…');
		expect(i18n.t('common.loading')).toBe('Loading…');
		expect(fixed('items.results', { count: 1 })).toBe('1 item found');
		expect(fixed('items.results', { count: 15 })).toBe('15 items found');
		expect(i18n.t('common.loading', { lng: 'id' })).toBe('Memuat…');
		expect(i18n.t('common.loading')).toBe('Loading…');
		expect(i18n.getFixedT('id')('common.loading')).toBe('Memuat…');
		expect(i18n.t('nav', { returnObjects: true })).toMatchObject({ items: expect.any(String) });
	});
});
