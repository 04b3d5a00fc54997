import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { allResources } from '~/server/i18n';
import { type IslandI18nProps, translatorFor, withTranslations } from './island';

/** An island that says "loading" in its page's language. */
const LoadingIsland = withTranslations(function Loading(_props: IslandI18nProps) {
	const { t } = useTranslation();
	return createElement('p', null, t('common.loading'));
});

describe('withTranslations', () => {
	it("translates an island's texts from the namespaces its page passed", () => {
		const html = renderToString(
			createElement(LoadingIsland, {
				locale: 'en',
				resources: { common: allResources.en.common },
			}),
		);
		expect(html).toBe('<p>Loading…</p>');
	});

	it('gives every island root its own language', () => {
		const islands = ['id', 'en', 'id'] as const;
		const html = islands.map((locale) =>
			renderToString(
				createElement(LoadingIsland, {
					locale,
					resources: { common: allResources[locale].common },
				}),
			),
		);
		expect(html).toEqual(['<p>Memuat…</p>', '<p>Loading…</p>', '<p>Memuat…</p>']);
	});

	it('builds one translator per resources object and language on the server', () => {
		const resources = { common: allResources.en.common };
		const english = translatorFor('en', resources);
		expect(translatorFor('en', resources)).toBe(english);
		expect(translatorFor('id', resources)).not.toBe(english);
		expect(translatorFor('en', { ...resources })).not.toBe(english);
		expect(english.t('common.loading')).toBe('Loading…');
	});
});
