import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import { withCurrentQuery } from '~/lib/i18n/language-preference';
import { useTranslations } from '~/server/i18n';
import LanguageSwitcher from './LanguageSwitcher.astro';

/** The switch's links on the page at `url`, in `locale`, as the server renders them. */
async function switchLinks(url: string, locale: 'id' | 'en'): Promise<string[]> {
	const container = await AstroContainer.create();
	const html = await container.renderToString(LanguageSwitcher, {
		request: new Request(url),
		locals: { useTranslations, user: null, isModerator: false, origin: 'http://localhost' },
		props: { locale, path: new URL(url).pathname },
	});
	return [...html.matchAll(/<a href="([^"]*)"/g)].map((match) =>
		match[1]!.replaceAll('&amp;', '&'),
	);
}

describe('the language switch', () => {
	it('keeps the search and filters of the page', async () => {
		expect(
			await switchLinks('http://localhost/items?search=kursi&category=furniture', 'id'),
		).toEqual([
			'/items?search=kursi&category=furniture',
			'/en/items?search=kursi&category=furniture',
		]);
		expect(await switchLinks('http://localhost/en/items?page=2', 'en')).toEqual([
			'/items?page=2',
			'/en/items?page=2',
		]);
		expect(await switchLinks('http://localhost/en/terms', 'en')).toEqual(['/terms', '/en/terms']);
	});

	it('takes the query the address bar has when it is followed', () => {
		const base = 'http://localhost/items?search=meja';
		expect(withCurrentQuery('/en/items', '?search=meja&category=books', base)).toBe(
			'/en/items?search=meja&category=books',
		);
		expect(withCurrentQuery('http://localhost/en/items?search=kursi', '', base)).toBe('/en/items');
	});
});
