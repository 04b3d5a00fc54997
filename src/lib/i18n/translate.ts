import { createInstance, type i18n, type TFunction } from 'i18next';
import type { Locale } from './locales';
import { defaultLocale } from './locales';
import type { Resources } from './resources';

let missingKeysThrow = false;

/**
 * Makes every instance created from now on throw on a key that none of its namespaces has, naming
 * the key: for tests, so that a key an island's page does not give it fails a test instead of
 * showing raw. Production never calls it and shows the key, as i18next does.
 */
export function throwOnMissingKeys(): void {
	missingKeysThrow = true;
}

/** i18next's answer for a missing key, when missing keys throw. */
function missingKeyError(locale: Locale, resources: Partial<Record<Locale, Resources>>) {
	const namespaces = Object.keys(resources[locale] ?? {}).join(', ');
	return (key: string, defaultValue: string | undefined): string => {
		// A `defaultValue` is the caller's own answer for a key that may not exist: a server's code.
		if (defaultValue !== undefined) return defaultValue;
		throw new Error(`Missing translation "${key}" in ${locale} (namespaces: ${namespaces})`);
	};
}

/**
 * An i18next instance for one locale over the given resources, ready at once (nothing is loaded
 * later). Keys are dotted names (`common.loading`, `itemDetail.whatsapp.noPhoneNumber`);
 * Indonesian fills any gap.
 */
export function createI18n(locale: Locale, resources: Partial<Record<Locale, Resources>>): i18n {
	const instance = createInstance();
	void instance.init({
		lng: locale,
		fallbackLng: defaultLocale,
		resources: Object.fromEntries(
			Object.entries(resources).map(([lng, translation]) => [lng, { translation }]),
		),
		initAsync: false,
		interpolation: { escapeValue: false },
		...(missingKeysThrow && { parseMissingKeyHandler: missingKeyError(locale, resources) }),
	});
	rememberPlainKeys(instance);
	return instance;
}

/** The options react-i18next's `t` passes on every call; with these alone a key reads the same. */
const scopeOptions = new Set(['lng', 'lngs', 'ns', 'keyPrefix']);

/**
 * Whether `options` only restate what the instance translates with anyway: its language, the
 * default namespace, no prefix (react-i18next puts the prefix in the key itself).
 */
function isPlainCall(instance: i18n, options: unknown): boolean {
	if (options === undefined) return true;
	if (typeof options !== 'object' || options === null) return false;
	for (const [name, value] of Object.entries(options)) {
		if (!scopeOptions.has(name)) return false;
		if (value === undefined || value === null) continue;
		if (name === 'lng' && value === instance.language) continue;
		if (
			name === 'ns' &&
			(value === 'translation' ||
				(Array.isArray(value) && value.length === 1 && value[0] === 'translation'))
		)
			continue;
		return false;
	}
	return true;
}

/**
 * Makes `instance.t` remember what it read for a plain key (no variables, no count, no other
 * language): i18next resolves, post-processes and formats every call anew, and a page asks for the
 * same hundred texts each time it is rendered. An instance's language and texts never change
 * after `createI18n`, so a remembered text stays right.
 */
function rememberPlainKeys(instance: i18n): void {
	// i18next's typings know every key; this wrapper passes any call through unchanged.
	type AnyTranslate = (key: unknown, options?: unknown, ...rest: unknown[]) => unknown;
	const translate = instance.t.bind(instance) as unknown as AnyTranslate;
	const known = new Map<string, string>();
	const remembering: AnyTranslate = (key, options, ...rest) => {
		if (typeof key !== 'string' || rest.length > 0 || !isPlainCall(instance, options)) {
			return translate(key, options, ...rest);
		}
		let text = known.get(key);
		if (text === undefined) {
			const read = translate(key, options);
			if (typeof read !== 'string') return read;
			text = read;
			known.set(key, text);
		}
		return text;
	};
	instance.t = remembering as unknown as i18n['t'];
}

/** A `t()` for one locale over the given resources (see `createI18n`). */
export function createTranslator(
	locale: Locale,
	resources: Partial<Record<Locale, Resources>>,
): TFunction {
	return createI18n(locale, resources).t;
}
