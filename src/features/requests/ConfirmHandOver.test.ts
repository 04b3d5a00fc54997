import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import type { Locale } from '~/lib/i18n/locales';
import ConfirmHandOver, { type ConfirmPageState } from './ConfirmHandOver.astro';

/** The page's words as a reader sees them: tags and whitespace as one space, apostrophes decoded. */
const visibleText = (html: string) =>
	html
		.replace(/<[^>]+>/g, ' ')
		.replaceAll('&#39;', "'")
		.replace(/\s+/g, ' ')
		.trim();

const link = {
	item: { name: 'Kursi kayu jati', photo: '/media/items/kursi-160.webp' },
	donorName: 'Ani Wijaya',
	count: 2,
};

async function render(locale: Locale, state: ConfirmPageState, donorName = link.donorName) {
	const container = await AstroContainer.create();
	const path = locale === 'en' ? '/en/confirm/1.abc' : '/confirm/1.abc';
	return container.renderToString(ConfirmHandOver, {
		props: { locale, state, link: state === 'invalid' ? null : { ...link, donorName } },
		request: new Request(`http://localhost${path}`),
	});
}

describe('the page a reminder to confirm opens', () => {
	it('asks with one button that posts to the page itself, and a way to say something is wrong', async () => {
		const html = await render('en', 'toConfirm');
		expect(html).toMatch(/<form method="post" action="\/en\/confirm\/1\.abc"/);
		expect(html).toContain('src="/media/items/kursi-160.webp"');
		expect(html).toMatch(/<a href="\/en\/my-requests"[^>]*>Something&#39;s wrong<\/a>/);
		expect(visibleText(html)).toContain(
			'Did you receive Kursi kayu jati? Donor: Ani Wijaya Ani Wijaya handed over 2 of Kursi kayu jati to you.',
		);
		expect(visibleText(await render('id', 'toConfirm'))).toContain(
			'Sudah terima Kursi kayu jati? Pemberi: Ani Wijaya',
		);
		expect(await render('id', 'toConfirm')).toMatch(
			/<button type="submit"[^>]*>\s*Ya, sudah saya terima\s*<\/button>/,
		);
	});

	it.each<[Locale, ConfirmPageState, string]>([
		['en', 'justConfirmed', 'Thank you! You confirmed receiving Kursi kayu jati from Ani Wijaya.'],
		['id', 'justConfirmed', 'Terima kasih! Kamu sudah mengonfirmasi menerima Kursi kayu jati'],
		['en', 'confirmed', 'Already done: receiving Kursi kayu jati from Ani Wijaya was confirmed'],
		['id', 'confirmed', 'Sudah beres: penerimaan Kursi kayu jati dari Ani Wijaya'],
		['en', 'closed', 'This hand-over of Kursi kayu jati no longer needs confirming.'],
		['id', 'suspended', 'Akunmu sedang ditangguhkan.'],
		['en', 'invalid', "This link doesn't work We don't recognise this confirm link."],
		['id', 'invalid', 'Tautan tidak berlaku Tautan konfirmasi ini tidak kami kenali.'],
	])(
		'in %s, says where a link %s stands, with no button to confirm',
		async (locale, state, text) => {
			const html = await render(locale, state);
			expect(visibleText(html)).toContain(text);
			expect(html).not.toContain('<form');
		},
	);

	it('names a donor who deleted their account as such', async () => {
		expect(visibleText(await render('en', 'toConfirm', ''))).toContain('Donor: Deleted account');
	});
});
