import { describe, expect, it } from 'vitest';
import { allResources } from '~/server/i18n';
import { createTranslator } from './translate';

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
});
