/** The interface languages. Indonesian is the default and the fallback. */
export const locales = ['id', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'id';

/** The `lang` attribute and `Intl` tag of each locale. */
export const localeTags: Record<Locale, string> = { id: 'id-ID', en: 'en-US' };

/** Key under which the visitor's choice is kept in `localStorage` and in a cookie. */
export const languageStorageKey = 'language';

export function isLocale(value: unknown): value is Locale {
	return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The locale of a route's optional `[...lang]` parameter: `undefined` is Indonesian. */
export function localeFromParam(lang: string | undefined): Locale | null {
	if (lang === undefined) return defaultLocale;
	return lang !== defaultLocale && isLocale(lang) ? lang : null;
}

/** The locale a path belongs to: `/en/…` is English, everything else Indonesian. */
export function localeOfPath(pathname: string): Locale {
	return /^\/en(\/|$)/.test(pathname) ? 'en' : defaultLocale;
}

/** The path without its locale prefix or trailing slash: `/en/terms/` → `/terms`, `/en` → `/`. */
export function unlocalizedPath(pathname: string): string {
	// Prerendered pages see their own path with a trailing slash (`/terms/`).
	const stripped = pathname.replace(/^\/en(?=\/|$)/, '').replace(/(.)\/+$/, '$1');
	return stripped === '' ? '/' : stripped;
}

/** The same page in `locale`: `localizePath('/terms', 'en')` → `/en/terms`. */
export function localizePath(pathname: string, locale: Locale): string {
	const path = unlocalizedPath(pathname);
	if (locale === defaultLocale) return path;
	return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** `getStaticPaths` entries for a page that exists in every locale. */
export function localeStaticPaths() {
	return locales.map((locale) => ({
		params: { lang: locale === defaultLocale ? undefined : locale },
	}));
}
