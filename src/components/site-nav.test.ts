import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import BaseLayout from '~/layouts/BaseLayout.astro';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import { useTranslations } from '~/server/i18n';
import SiteNav from './SiteNav.astro';

const signedOut = { useTranslations, user: null, isModerator: false, origin: 'http://localhost' };

/** The site's header and drawer on the page at `path`, in `locale`, for a signed-out visitor. */
async function siteNav(locale: Locale, path: string, search = ''): Promise<string> {
	const container = await AstroContainer.create();
	return container.renderToString(SiteNav, {
		request: new Request(`http://localhost${localizePath(path, locale)}${search}`),
		locals: signedOut,
		props: { locale, path, user: null },
	});
}

/** A whole signed-out page at `path` in `locale`, with an empty body. */
async function signedOutPage(locale: Locale, path: string, search = ''): Promise<string> {
	const container = await AstroContainer.create();
	return container.renderToString(BaseLayout, {
		request: new Request(`http://localhost${localizePath(path, locale)}${search}`),
		locals: signedOut,
		props: { locale, title: 'Kursi', description: 'Kursi lipat' },
	});
}

/** The links to `href`, by their text. */
const linksTo = (html: string, href: string) =>
	[...html.matchAll(new RegExp(`<a href="${href}"[^>]*>\\s*([^<]*?)\\s*</a>`, 'g'))].map(
		(match) => match[1],
	);

describe('the site’s navigation', () => {
	it('links to the heroes rankings in the header and in the drawer, in the page language', async () => {
		expect(linksTo(await siteNav('id', '/'), '/heroes/rankings')).toEqual(['Pahlawan', 'Pahlawan']);
		expect(linksTo(await siteNav('en', '/'), '/en/heroes/rankings')).toEqual(['Heroes', 'Heroes']);
	});

	it('is kept for signed-out visitors and reads as rendered on every page: its marked link, the language switchers to the page and its query', async () => {
		const pages: Array<[Locale, string, string]> = [
			['id', '/items/12', ''],
			['id', '/items/13', '?from=share'],
			['en', '/items/12', ''],
			['en', '/items', '?search=kursi&category=FURNITURE'],
			['id', '/items', ''],
			['en', '/heroes/rankings', ''],
			['id', '/needs', ''],
		];
		// Twice over: the first rendering of a language and link is kept, the second reads it.
		for (const [locale, path, search] of [...pages, ...pages]) {
			const page = await signedOutPage(locale, path, search);
			expect(page, `${locale} ${path}${search}`).toContain(await siteNav(locale, path, search));
		}
	});
});
