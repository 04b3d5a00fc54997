import type { i18n } from 'i18next';
import { type ComponentType, use, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
	composedIslandTexts,
	type IslandTexts,
	isIslandTexts,
	loadIslandTexts,
} from './island-texts';
import type { Locale } from './locales';
import type { Resources } from './resources';
import { rendersWithReact } from '~/lib/react-renderer';
import { createI18n } from './translate';

/** The namespaces an island needs, in one language, so nothing else ships. */
export type IslandResources = Partial<Resources>;

export interface IslandI18nProps {
	locale: Locale;
	/** Their address (`islandTexts` on the server), or the texts themselves. */
	resources: IslandTexts | IslandResources;
}

/**
 * An island's texts: those the server composed for their address, in the browser fetched from it
 * (the island's first render waits for them, keeping the server's HTML meanwhile).
 */
function useIslandResources(resources: IslandTexts | IslandResources): IslandResources {
	if (!isIslandTexts(resources)) return resources;
	if (typeof window === 'undefined') return composedIslandTexts(resources.href);
	return use(loadIslandTexts(resources.href));
}

/**
 * The translators built on the server, by the resources object and language they were built for.
 * An instance's texts never change, so islands rendered with the same object (the texts
 * composed once for an address, `islandTexts`) share one instead of building it on every render;
 * an object passed once is forgotten with it.
 */
const serverInstances = new WeakMap<IslandResources, Map<Locale, i18n>>();

export function translatorFor(locale: Locale, resources: IslandResources): i18n {
	const build = () => createI18n(locale, { [locale]: resources as Resources });
	if (typeof window !== 'undefined') return build();
	let byLocale = serverInstances.get(resources);
	if (!byLocale) serverInstances.set(resources, (byLocale = new Map()));
	let instance = byLocale.get(locale);
	if (!instance) byLocale.set(locale, (instance = build()));
	return instance;
}

/**
 * Makes `Island` an island root that translates: everything inside calls `useTranslation()`,
 * answered by an i18next instance of this root built from the `resources` the page passed.
 */
export function withTranslations<P extends IslandI18nProps>(Island: ComponentType<P>) {
	function TranslatedIsland(props: P) {
		const resources = useIslandResources(props.resources);
		// Built once: a page's language and texts stay the same while it is open.
		const [i18n] = useState(() => translatorFor(props.locale, resources));
		return (
			<I18nextProvider i18n={i18n}>
				<Island {...props} />
			</I18nextProvider>
		);
	}
	return rendersWithReact(TranslatedIsland);
}
