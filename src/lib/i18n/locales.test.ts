import { describe, expect, it } from 'vitest';
import { localeFromParam, localeOfPath, localizePath, unlocalizedPath } from './locales';

describe('locale paths', () => {
	it('keeps Indonesian at unprefixed paths and English under /en', () => {
		expect(localizePath('/terms', 'id')).toBe('/terms');
		expect(localizePath('/terms', 'en')).toBe('/en/terms');
		expect(localizePath('/', 'en')).toBe('/en');
		expect(localizePath('/en/terms', 'id')).toBe('/terms');
		expect(localizePath('/en', 'id')).toBe('/');
		expect(localizePath('/terms/', 'en')).toBe('/en/terms');
		expect(unlocalizedPath('/en/')).toBe('/');
	});

	it('tells the locale of a path without being fooled by look-alikes', () => {
		expect(localeOfPath('/en')).toBe('en');
		expect(localeOfPath('/en/items/4')).toBe('en');
		expect(localeOfPath('/entertainment')).toBe('id');
		expect(unlocalizedPath('/entertainment')).toBe('/entertainment');
	});

	it('accepts only known, non-default locales as a route prefix', () => {
		expect(localeFromParam(undefined)).toBe('id');
		expect(localeFromParam('en')).toBe('en');
		expect(localeFromParam('id')).toBeNull();
		expect(localeFromParam('fr')).toBeNull();
	});
});
