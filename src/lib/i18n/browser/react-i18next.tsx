/**
 * What the islands call of react-i18next (decisions 044 and 051): the build gives islands, in the
 * browser and rendered on the server, this module in place of the `react-i18next` package, over
 * the translator in `./i18next`. An island root provides its translator (`withTranslations`);
 * everything inside reads it with `useTranslation()`, as with react-i18next.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { BrowserI18n } from './i18next';

const Translator = createContext<BrowserI18n | undefined>(undefined);

export function I18nextProvider({ i18n, children }: { i18n: BrowserI18n; children?: ReactNode }) {
	return <Translator.Provider value={i18n}>{children}</Translator.Provider>;
}

/** The island's translator: `{ t, i18n, ready }`, as react-i18next answers. */
export function useTranslation() {
	const i18n = useContext(Translator);
	if (!i18n) throw new Error('useTranslation() outside an island root (withTranslations)');
	return { t: i18n.t, i18n, ready: true };
}
