/**
 * The sitemap's XML (sitemaps.org 0.9): an index of parts, and parts listing pages in both
 * languages with each other as alternates. Pure: the server module reads what to list.
 */
import { type Locale, locales, localizePath } from '~/lib/i18n/locales';

/** A page of the site, listed once per language. */
export interface SitemapPage {
	/** The page's path without a language prefix: `/items/42`. */
	path: string;
	/** ISO date of its last change, when known. */
	lastModified?: string;
}

/** Items per part: each is listed twice (two languages), well under the 50,000 URLs a part may hold. */
export const itemsPerSitemapPart = 20_000;

const escapes: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char]!);

const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The absolute URL of a path in a language. */
function urlOf(origin: string, path: string, locale: Locale): string {
	return new URL(localizePath(path, locale), origin).href;
}

/** A part listing `pages`, each in every language with the others as `hreflang` alternates. */
export function sitemapUrlSet(origin: string, pages: readonly SitemapPage[]): string {
	const entries = pages.flatMap((page) =>
		locales.map((locale) => {
			const alternates = locales
				.map(
					(other) =>
						`<xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(urlOf(origin, page.path, other))}"/>`,
				)
				.join('');
			const lastmod = page.lastModified ? `<lastmod>${page.lastModified}</lastmod>` : '';
			return `<url><loc>${escapeXml(urlOf(origin, page.path, locale))}</loc>${lastmod}${alternates}</url>`;
		}),
	);
	return `${declaration}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

/** A part of the index: its file name (`items-1`) and the newest change it lists. */
export interface SitemapPart {
	name: string;
	lastModified?: string;
}

/** The index of every part, at `/sitemap.xml`; the parts live at `/sitemaps/<name>.xml`. */
export function sitemapIndex(origin: string, parts: readonly SitemapPart[]): string {
	const entries = parts.map((part) => {
		const lastmod = part.lastModified ? `<lastmod>${part.lastModified}</lastmod>` : '';
		return `<sitemap><loc>${escapeXml(new URL(`/sitemaps/${part.name}.xml`, origin).href)}</loc>${lastmod}</sitemap>`;
	});
	return `${declaration}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** The paths crawlers are kept away from: the API, personal pages and the sign-in steps. */
export const privatePaths = [
	'/api/',
	'/my-items',
	'/my-requests',
	'/saved-searches',
	'/my-data',
	'/moderation',
	'/pay/',
	'/profile$',
	'/organisation$',
	'/edit-profile',
	'/complete-profile',
	'/donate-item',
	'/needs/new',
	'/login',
	'/register',
	'/auth/',
	'/oidc/',
] as const;

/** `robots.txt`: everything but the private paths (in both languages), and where the sitemap is. */
export function robotsTxt(origin: string): string {
	const disallowed = privatePaths.flatMap((path) =>
		path.startsWith('/api/') || path.startsWith('/oidc/')
			? [path]
			: locales.map((locale) => localizePath(path, locale)),
	);
	return [
		'User-agent: *',
		'Allow: /',
		...disallowed.map((path) => `Disallow: ${path}`),
		'',
		`Sitemap: ${new URL('/sitemap.xml', origin).href}`,
		'',
	].join('\n');
}

/**
 * The sitemap's response headers: kept by crawlers and caches for five minutes, short enough that
 * a new item is found soon, while the server itself rebuilds a part only when items change.
 */
export const sitemapHeaders = {
	'Content-Type': 'application/xml; charset=utf-8',
	'Cache-Control': 'public, max-age=300',
};
