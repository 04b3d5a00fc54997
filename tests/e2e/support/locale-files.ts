/**
 * Every translation of `locales/<locale>/*.json`, read from the files themselves so that a new
 * namespace is checked as soon as it exists: the keys a page must never show, and the texts a
 * page shows in each language.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fill, type Locale, locales } from './i18n';

const localesDir = fileURLToPath(new URL('../../../locales/', import.meta.url));

/** i18next's plural and ordinal suffixes: a missing `items.results` is asked for without one. */
const pluralSuffix = /_(?:zero|one|two|few|many|other|ordinal_\w+)$/;

type Tree = { [key: string]: string | Tree };

/** Every text of `locale` by its dotted key (`itemDetail.whatsapp.contact`), namespace first. */
function textsOf(locale: Locale): Map<string, string> {
	const texts = new Map<string, string>();
	const walk = (tree: Tree, prefix: string) => {
		for (const [key, value] of Object.entries(tree)) {
			const path = `${prefix}.${key}`;
			if (typeof value === 'string') texts.set(path, value);
			else walk(value, path);
		}
	};
	const dir = join(localesDir, locale);
	for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
		walk(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree, basename(file, '.json'));
	}
	return texts;
}

const texts = Object.fromEntries(locales.map((locale) => [locale, textsOf(locale)])) as Record<
	Locale,
	Map<string, string>
>;

/** The text of `key` in `locale`, its `{{placeholders}}` filled from `values`. */
export function translate(
	locale: Locale,
	key: string,
	values: Record<string, string | number> = {},
): string {
	const text = texts[locale].get(key);
	if (text === undefined) throw new Error(`locales/${locale} has no text for "${key}".`);
	return fill(text, values);
}

/**
 * Every key a missing translation would show instead of its text: each dotted path of every
 * locale (objects' paths too, as i18next names them when a path stops short), without a plural
 * suffix, and in i18next's `namespace:key` form.
 */
export const translationKeys: ReadonlySet<string> = new Set(
	locales.flatMap((locale) =>
		[...texts[locale].keys()].flatMap((key) => {
			const parts = key.split('.');
			return parts.slice(1).flatMap((_, index) => {
				const path = parts.slice(0, index + 2).join('.');
				const plain = path.replace(pluralSuffix, '');
				const [namespace, ...rest] = plain.split('.');
				return [path, plain, `${namespace}:${rest.join('.')}`];
			});
		}),
	),
);
