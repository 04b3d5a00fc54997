/**
 * What the site's code calls of i18next (decisions 044 and 051): the build gives the browser's
 * islands and the server's pages this module in place of the `i18next` package, which the API,
 * the mail and the tests keep. It does the part of i18next the locale files use, the same way:
 * dotted keys, `{{name}}` variables (not escaped: React escapes), plurals by `count` with
 * `Intl.PluralRules` (`_zero`, `_one`, `_other` …), `defaultValue`, and the fallback language.
 * `tests/unit/browser-translator.test.ts` holds every text of both languages equal to i18next's.
 */

interface Texts {
	[key: string]: string | Texts;
}

interface InitOptions {
	lng: string;
	fallbackLng?: string;
	resources: Record<string, { translation: Texts }>;
	parseMissingKeyHandler?: (key: string, defaultValue: string | undefined) => string;
}

type Values = Record<string, unknown> & { count?: unknown; defaultValue?: string };

/** The text at a dotted key, if it is one. */
function find(texts: Texts | undefined, key: string): string | undefined {
	let node: string | Texts | undefined = texts;
	for (const part of key.split('.')) {
		if (typeof node !== 'object') return undefined;
		node = node[part];
	}
	return typeof node === 'string' ? node : undefined;
}

/** A variable's value by its dotted path, as i18next reads it. */
function valueAt(values: Values, path: string): unknown {
	if (path in values) return values[path];
	let node: unknown = values;
	for (const part of path.split('.')) {
		if (node === null || typeof node !== 'object') return undefined;
		node = (node as Record<string, unknown>)[part];
	}
	return node;
}

/** Puts `values` into the `{{name}}` places of `text`; an unknown name stays as written. */
function interpolate(text: string, values: Values | undefined): string {
	if (!values || !text.includes('{{')) return text;
	return text.replace(/\{\{([^}]+)\}\}/g, (place, name: string) => {
		const path = name.trim();
		const value = valueAt(values, path);
		if (value === undefined) return Object.hasOwn(values, path) ? '' : place;
		return value === null ? '' : String(value);
	});
}

/** One language's texts and plural rules. */
interface Language {
	texts: Texts;
	plurals: Intl.PluralRules;
}

export class BrowserI18n {
	language = '';
	private languages: Language[] = [];
	private missing: InitOptions['parseMissingKeyHandler'];

	init(options: InitOptions): Promise<BrowserI18n['t']> {
		this.language = options.lng;
		this.missing = options.parseMissingKeyHandler;
		this.languages = [...new Set([options.lng, options.fallbackLng ?? options.lng])].flatMap(
			(lng) => {
				const texts = options.resources[lng]?.translation;
				return texts ? [{ texts, plurals: new Intl.PluralRules(lng) }] : [];
			},
		);
		return Promise.resolve(this.t);
	}

	/**
	 * The text of `key` with `values` put in, in this language or else the fallback's; with a
	 * `count`, its zero (for 0) and plural forms come first, by each language's own rules.
	 */
	t = (key: string, values?: Values): string => {
		const count = values?.count;
		const plural = count !== undefined && typeof count !== 'string';
		for (const { texts, plurals } of this.languages) {
			const keys = plural
				? [
						...(count === 0 ? [`${key}_zero`] : []),
						`${key}_${plurals.select(count as number)}`,
						key,
					]
				: [key];
			for (const candidate of keys) {
				const text = find(texts, candidate);
				if (text !== undefined) return interpolate(text, values);
			}
		}
		const defaultValue = values?.defaultValue;
		if (this.missing) return this.missing(key, defaultValue);
		return defaultValue === undefined ? key : interpolate(defaultValue, values);
	};
}

/** Like i18next's `createInstance`: a translator to `init` with one language's texts. */
export function createInstance(): BrowserI18n {
	return new BrowserI18n();
}
