import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import type { Locale } from './locales';
import type { Resources } from './resources';
import { createTranslator } from './translate';

/** The namespaces an island needs, in one language: passed as a prop, so nothing else ships. */
export type IslandResources = Partial<Resources>;

export interface IslandI18nProps {
	locale: Locale;
	resources: IslandResources;
}

/** A `t()` for an island from the resources the page gave it. */
export function useIslandTranslations({ locale, resources }: IslandI18nProps): TFunction {
	return useMemo(
		() => createTranslator(locale, { [locale]: resources as Resources }),
		[locale, resources],
	);
}
