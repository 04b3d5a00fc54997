import { createInstance, type i18n, type TFunction } from 'i18next';
import type { Locale } from './locales';
import { defaultLocale } from './locales';
import type { Resources } from './resources';

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
	});
	return instance;
}

/** A `t()` for one locale over the given resources (see `createI18n`). */
export function createTranslator(
	locale: Locale,
	resources: Partial<Record<Locale, Resources>>,
): TFunction {
	return createI18n(locale, resources).t;
}
