import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import { useTranslations } from '~/server/i18n';
import SiteNav from './SiteNav.astro';

/** The site's header and drawer on the page at `path`, in `locale`, for a signed-out visitor. */
async function siteNav(locale: 'id' | 'en', path: string): Promise<string> {
	const container = await AstroContainer.create();
	return container.renderToString(SiteNav, {
		request: new Request(`http://localhost${path}`),
		locals: { useTranslations, user: null, isModerator: false, origin: 'http://localhost' },
		props: { locale, path, user: null },
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
});
