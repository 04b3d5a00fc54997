/**
 * The browser's translator (decision 044) against i18next, which renders the same islands on the
 * server: for every text of both languages, with its variables, every count form and the ways a
 * call can miss, both must give the same words, or an island's first render in the browser would
 * differ from its HTML.
 */
import { createInstance as createI18next } from 'i18next';
import { describe, expect, it } from 'vitest';
import { createInstance as createBrowserI18n } from '~/lib/i18n/browser/i18next';
import { defaultLocale, type Locale, locales } from '~/lib/i18n/locales';
import { allResources } from '~/server/i18n';

type Translate = (key: string, values?: Record<string, unknown>) => string;
type Texts = { [key: string]: string | Texts };

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

function translators(locale: Locale, resources: Partial<typeof allResources>) {
	const options = {
		lng: locale,
		fallbackLng: defaultLocale,
		resources: Object.fromEntries(
			Object.entries(resources).map(([lng, translation]) => [lng, { translation }]),
		),
		initAsync: false,
		interpolation: { escapeValue: false },
	};
	const i18next = createI18next();
	void i18next.init(options);
	// The real package, not the translator the browser's build puts in its place.
	expect(i18next.getFixedT).toBeTypeOf('function');
	const browser = createBrowserI18n();
	void browser.init(options as unknown as Parameters<typeof browser.init>[0]);
	return { i18next: i18next.t.bind(i18next) as unknown as Translate, browser: browser.t };
}

/** Every text's key with the variables it names; plural forms under their base key. */
function keysOf(texts: Texts, prefix = ''): Map<string, Set<string>> {
	const keys = new Map<string, Set<string>>();
	for (const [name, value] of Object.entries(texts)) {
		const key = `${prefix}${name}`;
		if (typeof value !== 'string') {
			for (const [inner, variables] of keysOf(value, `${key}.`)) keys.set(inner, variables);
			continue;
		}
		const base = key.replace(pluralSuffix, '');
		const variables = keys.get(base) ?? new Set<string>();
		for (const [, variable] of value.matchAll(/\{\{([^}]+)\}\}/g)) variables.add(variable!.trim());
		keys.set(base, variables);
	}
	return keys;
}

describe.each(locales)('the browser translator in %s', (locale) => {
	const { i18next, browser } = translators(locale, allResources);
	const keys = keysOf(allResources[locale] as unknown as Texts);

	it('reads every text as i18next does, with its variables and every count', () => {
		expect(keys.size).toBeGreaterThan(500);
		for (const [key, variables] of keys) {
			const values = Object.fromEntries([...variables].map((name) => [name, `‹${name}›`]));
			expect(browser(key), key).toBe(i18next(key));
			expect(browser(key, values), key).toBe(i18next(key, values));
			for (const count of [0, 1, 2, 5, 21, 1.5]) {
				expect(browser(key, { ...values, count }), `${key} ${count}`).toBe(
					i18next(key, { ...values, count }),
				);
			}
		}
	});

	it('misses as i18next does: a variable left out, one given as undefined or null', () => {
		for (const [key, variables] of keys) {
			for (const name of variables) {
				for (const value of [undefined, null]) {
					expect(browser(key, { [name]: value }), key).toBe(i18next(key, { [name]: value }));
				}
				expect(browser(key, { other: 1 }), key).toBe(i18next(key, { other: 1 }));
			}
		}
	});

	it('answers an unknown key with its default value, else the key itself', () => {
		for (const values of [
			undefined,
			{ defaultValue: 'Terjadi {{what}}', what: 'galat' },
			{ count: 2 },
		]) {
			expect(browser('common.noSuchText', values)).toBe(i18next('common.noSuchText', values));
		}
	});
});

describe('the browser translator with one language', () => {
	it('falls back to Indonesian where English lacks a text', () => {
		const only = { id: allResources.id, en: { ...allResources.en, nav: {} } };
		const { i18next, browser } = translators('en', only as unknown as typeof allResources);
		expect(browser('nav.items')).toBe(i18next('nav.items'));
		expect(browser('nav.items')).toBe(allResources.id.nav.items);
	});
});
