import { createInstance, type TFunction } from 'i18next';
import type { Locale } from './locales';
import { defaultLocale } from './locales';
import type { Resources } from './resources';

/**
 * A `t()` for one locale over the given resources. Keys are dotted names
 * (`common.loading`, `itemDetail.whatsapp.noPhoneNumber`); Indonesian fills any gap.
 */
export function createTranslator(
	locale: Locale,
	resources: Partial<Record<Locale, Resources>>,
): TFunction {
	const i18n = createInstance();
	void i18n.init({
		lng: locale,
		fallbackLng: defaultLocale,
		resources: Object.fromEntries(
			Object.entries(resources).map(([lng, translation]) => [lng, { translation }]),
		),
		initAsync: false,
		interpolation: { escapeValue: false },
	});
	return i18n.t;
}
