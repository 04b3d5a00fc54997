import { type ComponentType, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Locale } from './locales';
import type { Resources } from './resources';
import { createI18n } from './translate';

/** The namespaces an island needs, in one language: passed as a prop, so nothing else ships. */
export type IslandResources = Partial<Resources>;

export interface IslandI18nProps {
	locale: Locale;
	resources: IslandResources;
}

/**
 * Makes `Island` an island root that translates: everything inside calls `useTranslation()`,
 * answered by an i18next instance of this root built from the `resources` the page passed.
 */
export function withTranslations<P extends IslandI18nProps>(Island: ComponentType<P>) {
	function TranslatedIsland(props: P) {
		// Built once: a page's language and texts stay the same while it is open.
		const [i18n] = useState(() =>
			createI18n(props.locale, { [props.locale]: props.resources as Resources }),
		);
		return (
			<I18nextProvider i18n={i18n}>
				<Island {...props} />
			</I18nextProvider>
		);
	}
	return TranslatedIsland;
}
