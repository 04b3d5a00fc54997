import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TFunction } from 'i18next';
import { projectPath } from '~/server/paths';
import { type Locale, locales } from './locales';
import type { Resources } from './resources';
import { createTranslator } from './translate';

/**
 * One locale's translations, a namespace per file of `locales/<locale>/`. Read from disk rather
 * than imported, so the same module serves the Astro build and the API's own bundle.
 */
function readResources(locale: Locale): Resources {
	const folder = projectPath('locales', locale);
	const files = readdirSync(folder).filter((file) => file.endsWith('.json'));
	return Object.fromEntries(
		files.map((file) => [
			file.slice(0, -'.json'.length),
			JSON.parse(readFileSync(join(folder, file), 'utf8')),
		]),
	) as Resources;
}

/** All locales' resources, for server rendering only (never imported by an island). */
export const allResources = Object.fromEntries(
	locales.map((locale) => [locale, readResources(locale)]),
) as Record<Locale, Resources>;

const translators = new Map<Locale, TFunction>();

/** The translator for `locale`, built once per process. */
export function useTranslations(locale: Locale): TFunction {
	let t = translators.get(locale);
	if (!t) {
		t = createTranslator(locale, allResources);
		translators.set(locale, t);
	}
	return t;
}

/** The given namespaces of one locale, to pass to an island as its `resources` prop. */
export function islandResources<const N extends keyof Resources>(
	locale: Locale,
	namespaces: readonly N[],
): Pick<Resources, N> {
	const all = allResources[locale];
	return Object.fromEntries(namespaces.map((name) => [name, all[name]])) as Pick<Resources, N>;
}
