import type { AstroGlobal } from 'astro';
import type { TFunction } from 'i18next';
import { type Locale, localeFromParam } from '~/lib/i18n/locales';
import { guardPage, type PageAccess } from '~/server/auth/guards';
import type { UserRow } from '~/server/auth/users';
import { useTranslations } from '~/server/i18n';

/** What a server-rendered page of `[...lang]/` starts from. */
export interface OpenedPage {
	locale: Locale;
	t: TFunction;
}

/**
 * The start of a server-rendered page: its language from the path (a first segment that names
 * none is a missing page), and with `access`, the visitor the guard lets in — or the `Response`
 * to return instead (the 404, or a redirect to sign up or complete the profile).
 */
export async function openPage(Astro: AstroGlobal): Promise<Response | OpenedPage>;
export async function openPage(
	Astro: AstroGlobal,
	access: PageAccess,
): Promise<Response | (OpenedPage & { user: UserRow })>;
export async function openPage(
	Astro: AstroGlobal,
	access?: PageAccess,
): Promise<Response | (OpenedPage & { user?: UserRow })> {
	const locale = localeFromParam(Astro.params['lang']);
	if (!locale) return Astro.rewrite('/404');
	const opened = { locale, t: useTranslations(locale) };
	if (!access) return opened;
	const user = guardPage(Astro, access);
	return user instanceof Response ? user : { ...opened, user };
}
