import { defaultLocale, isLocale, type Locale, localizePath } from '~/lib/i18n/locales';

/** The language a visitor chose with the switcher (its cookie), else Indonesian. */
export function chosenLocale(languageCookie: string | undefined): Locale {
	return isLocale(languageCookie) ? languageCookie : defaultLocale;
}

/** The page that tells a visitor their sign-in failed, in their language, with the reason. */
export function signInErrorPath(reason: string, locale: Locale): string {
	return `${localizePath('/auth/error', locale)}?reason=${encodeURIComponent(reason)}`;
}
