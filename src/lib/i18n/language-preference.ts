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

/**
 * A language-switch link's target with the query the page has now (`?search=kursi&page=2`):
 * the same page, only in the other language.
 */
export function withCurrentQuery(href: string, search: string, base: string): string {
	const url = new URL(href, base);
	url.search = search;
	return `${url.pathname}${url.search}`;
}

/** The language-switch link an event happened on, if any. */
function switchLink(event: Event): HTMLAnchorElement | null {
	const link = event.target instanceof Element && event.target.closest('[data-language-switch]');
	return link instanceof HTMLAnchorElement ? link : null;
}

/**
 * Before the browser follows a language-switch link (a click, a middle click, or the menu that
 * opens it in a new tab or copies it), points it at the current query; a plain click also
 * stores the language.
 */
export function setUpLanguageSwitch(): void {
	const followQuery = (event: Event) => {
		const link = switchLink(event);
		if (link) link.href = withCurrentQuery(link.href, location.search, location.href);
		return link;
	};
	document.addEventListener('click', (event) => {
		const locale = followQuery(event)?.getAttribute('data-language-switch');
		if (isLocale(locale)) rememberLanguage(locale);
	});
	document.addEventListener('auxclick', followQuery);
	document.addEventListener('contextmenu', followQuery);
}
