import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locales } from '~/lib/i18n/locales';
import { allResources } from '~/server/i18n';

const root = join(import.meta.dirname, '../../locales');

/** Every `file:dotted.key` of a locale, with its value. */
function flatten(locale: string): Map<string, unknown> {
	const entries = new Map<string, unknown>();
	const walk = (value: unknown, prefix: string) => {
		if (value && typeof value === 'object') {
			for (const [key, child] of Object.entries(value)) walk(child, `${prefix}.${key}`);
		} else {
			entries.set(prefix, value);
		}
	};
	for (const file of readdirSync(join(root, locale)).filter((name) => name.endsWith('.json'))) {
		walk(JSON.parse(readFileSync(join(root, locale, file), 'utf8')), file.replace('.json', ''));
	}
	return entries;
}

/**
 * The keys a translation file names twice in one object: `JSON.parse` keeps only the last, so
 * the texts of the first are lost without a word. Found by the objects' key runs in the text.
 */
function repeatedKeys(text: string): string[] {
	const repeated: string[] = [];
	const open: Set<string>[] = [];
	// Keys at the start of a line (`"key": …`), opening and closing braces, in order.
	for (const match of text.matchAll(/^\s*"([^"]+)"\s*:|[{}]/gm)) {
		if (match[0].trim() === '{' || match[0].endsWith('{')) open.push(new Set());
		if (match[1] !== undefined) {
			const keys = open.at(-1)!;
			if (keys.has(match[1])) repeated.push(match[1]);
			keys.add(match[1]);
		}
		if (match[0] === '}') open.pop();
	}
	return repeated;
}

describe('translations', () => {
	const byLocale = Object.fromEntries(locales.map((locale) => [locale, flatten(locale)]));

	it('names no key twice in one object of a file', () => {
		for (const locale of locales) {
			for (const file of readdirSync(join(root, locale)).filter((name) => name.endsWith('.json'))) {
				const text = readFileSync(join(root, locale, file), 'utf8');
				expect(repeatedKeys(text), `${locale}/${file}`).toEqual([]);
			}
		}
	});

	it('has the same files and keys in every locale', () => {
		const indonesian = [...byLocale['id']!.keys()].sort();
		for (const locale of locales) {
			expect([...byLocale[locale]!.keys()].sort(), locale).toEqual(indonesian);
		}
	});

	it('has no empty or non-text values', () => {
		for (const locale of locales) {
			for (const [key, value] of byLocale[locale]!) {
				expect(typeof value === 'string' && value.trim().length > 0, `${locale} ${key}`).toBe(true);
			}
		}
	});

	it('gives every counted text a singular and a plural form', () => {
		for (const locale of locales) {
			const keys = [...byLocale[locale]!.keys()];
			for (const key of keys.filter((key) => /_(one|other)$/.test(key))) {
				const base = key.replace(/_(one|other)$/, '');
				expect(keys, `${locale} ${key}`).toEqual(
					expect.arrayContaining([`${base}_one`, `${base}_other`]),
				);
			}
		}
	});

	it('names the count in every English plural; the singular may say it in words', () => {
		// "It is reserved for you", not "1 reserved for you (1)". Indonesian has one form for every
		// number, so its texts read right with any count, and may leave a plain "it" uncounted.
		for (const [key, value] of byLocale['en']!) {
			if (key.endsWith('_other')) expect(value, key).toContain('{{count}}');
		}
	});

	it('says "disisihkan" for reserving in Indonesian, keeping "pesan" for courier orders', () => {
		for (const [key, value] of byLocale['id']!) {
			expect(String(value), key).not.toMatch(
				/dipesankan|pesankan|\bdipesan\b(?! (ke kurir|lagi))/i,
			);
		}
	});

	it('speaks of giving with one word in Indonesian: hibah, never donasi', () => {
		for (const [key, value] of byLocale['id']!) {
			expect(String(value), key).not.toMatch(/donasi/i);
		}
		const legal = join(import.meta.dirname, '../../src/content/legal/id');
		for (const file of readdirSync(legal)) {
			expect(readFileSync(join(legal, file), 'utf8'), file).not.toMatch(/donasi/i);
		}
	});

	it('uses the same interpolation variables in every locale', () => {
		const variables = (key: string, text: unknown) =>
			[...String(text).matchAll(/\{\{(\w+)\}\}/g)]
				.map((match) => match[1])
				// A counted text may say its count in words ("it", "semuanya"): English's plurals
				// name it, as checked above.
				.filter((name) => !(/_(one|other)$/.test(key) && name === 'count'))
				.sort();
		for (const [key, value] of byLocale['id']!) {
			expect(variables(key, byLocale['en']!.get(key)), key).toEqual(variables(key, value));
		}
	});

	it('reaches the server through src/server/i18n.ts, every file of every locale', () => {
		for (const locale of locales) {
			const files = readdirSync(join(root, locale))
				.filter((name) => name.endsWith('.json'))
				.map((name) => name.replace('.json', ''));
			expect(Object.keys(allResources[locale]).sort(), locale).toEqual(files.sort());
		}
	});
});
