import { type Locale, isLocale, languageStorageKey } from './locales';

const oneYearSeconds = 60 * 60 * 24 * 365;

/** Keeps the visitor's language in `localStorage` and in a cookie the server can read. */
export function rememberLanguage(locale: Locale): void {
	try {
		localStorage.setItem(languageStorageKey, locale);
	} catch {
		// Storage can be disabled (private mode, policies); the cookie still carries the choice.
	}
	document.cookie = `${languageStorageKey}=${locale}; Path=/; Max-Age=${oneYearSeconds}; SameSite=Lax`;
}

/** Stores the language of any clicked language-switch link before the browser follows it. */
export function setUpLanguageSwitch(): void {
	document.addEventListener('click', (event) => {
		const link = event.target instanceof Element && event.target.closest('[data-language-switch]');
		const locale = link && link.getAttribute('data-language-switch');
		if (isLocale(locale)) rememberLanguage(locale);
	});
}
