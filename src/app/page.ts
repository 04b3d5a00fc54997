import type { AstroGlobal } from 'astro';
import type { TFunction } from 'i18next';
import { getServerContext } from '~/app/context';
import { type Locale, localeFromParam } from '~/lib/i18n/locales';
import { guardPage, type PageAccess } from '~/server/auth/guards';
import type { UserRow } from '~/server/auth/users';
import type { ServerContext } from '~/server/context';
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

/**
 * The start of a page opened from a link in a mail of the built-in sign-in (confirming an address,
 * setting a new password): a missing page where accounts belong to an external provider, which
 * sends its own; never stored; and, as the address bar holds the link's token, no other site sees
 * it. (`no-referrer` would also strip the `Origin` of the page's own form POST, which the site's
 * cross-site check then refuses.)
 */
export async function openMailLinkPage(
	Astro: AstroGlobal,
): Promise<Response | (OpenedPage & { server: ServerContext })> {
	const page = await openPage(Astro);
	if (page instanceof Response) return page;
	const server = await getServerContext();
	if (!server.provider) return Astro.rewrite('/404');
	Astro.response.headers.set('Cache-Control', 'private, no-store');
	Astro.response.headers.set('Referrer-Policy', 'same-origin');
	return { ...page, server };
}
