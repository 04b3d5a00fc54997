import type { TFunction } from 'i18next';
import { type Locale, locales } from './locales';
import { type Resources, resourcesFromModules } from './resources';
import { createTranslator } from './translate';

const modules = import.meta.glob<Record<string, unknown>>('/locales/*/*.json', { eager: true });

/** All locales' resources, for server rendering only (never imported by an island). */
export const allResources = Object.fromEntries(
	locales.map((locale) => [
		locale,
		resourcesFromModules(
			Object.fromEntries(
				Object.entries(modules).filter(([path]) => path.startsWith(`/locales/${locale}/`)),
			),
		),
	]),
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
