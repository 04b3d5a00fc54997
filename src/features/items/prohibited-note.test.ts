import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import { useTranslations } from '~/server/i18n';
import ProhibitedNote from './ProhibitedNote.astro';

/** The note's text as a reader sees it, tags removed. */
async function noteText(locale: 'id' | 'en'): Promise<string> {
	const container = await AstroContainer.create();
	const html = await container.renderToString(ProhibitedNote, { props: { locale } });
	return html.replace(/<[^>]*>/g, '').trim();
}

describe('the donate page’s note on prohibited items', () => {
	it('keeps a space between the note and its link, in both languages', async () => {
		for (const locale of ['id', 'en'] as const) {
			const t = useTranslations(locale);
			expect(await noteText(locale)).toBe(
				`${t('itemForm.prohibitedNote')} ${t('itemForm.prohibitedLink')}`,
			);
		}
	});

	it('links to the list in the terms of the page’s language', async () => {
		const container = await AstroContainer.create();
		const html = await container.renderToString(ProhibitedNote, { props: { locale: 'en' } });
		expect(html).toContain('href="/en/terms#4-prohibited-items"');
	});
});
