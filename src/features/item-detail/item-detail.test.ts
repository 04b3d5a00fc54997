import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CourierMode } from '~/features/shipping/shipping';
import type { Locale } from '~/lib/i18n/locales';
import type { Item, ItemStatus } from '~/features/items/items';
import type { ItemViewer } from './contact';
import { donorMessages, itemDetailResources } from './detail-resources.server';
import { ItemDetail } from './ItemDetail';
import type { CityPageLink } from './ItemFacts';

const chair: Item = {
	id: 42,
	name: 'Kursi lipat',
	description: 'Kursi lipat kayu jati, masih kokoh.',
	category: 'furniture',
	condition: 'needsRepair',
	weight: 3.5,
	length: 45,
	width: 40,
	height: 80,
	quantity: 3,
	reservedQuantity: 0,
	status: 'AVAILABLE',
	visibility: 'listed',
	askedStillAvailable: false,
	chooseAfterHours: null,
	chooseAt: null,
	donatedAt: null,
	createdAt: '2026-11-20T03:00:00.000Z',
	updatedAt: '2026-11-20T03:00:00.000Z',
	images: [],
	photos: [],
	donorId: 'u-donor',
	donor: {
		id: 'u-donor',
		name: 'Ani Lestari',
		avatar: null,
		areaName: 'Kebayoran Baru',
		hasPhone: true,
	},
	pickup: null,
};

const stranger: ItemViewer = { signedIn: false, isComplete: false, userId: null };
const donor: ItemViewer = { signedIn: true, isComplete: true, userId: 'u-donor' };

/** The item page's island as the server renders it, as text and markup. */
function render(
	status: ItemStatus,
	viewer: ItemViewer,
	locale: Locale = 'en',
	item: Partial<Item> = {},
	courierMode: CourierMode = 'off',
	cityPage: CityPageLink | null = null,
	donorLanguage: Locale = locale,
) {
	const shown = { ...chair, ...item, status };
	const ownItem = viewer.userId === shown.donorId;
	const html = renderToStaticMarkup(
		createElement(ItemDetail, {
			locale,
			// The texts the item page gives the island, for this viewer.
			resources: itemDetailResources(locale, {
				ownItem,
				courierForm: !ownItem && courierMode !== 'off',
			}),
			item: shown,
			viewer,
			itemPath: locale === 'en' ? '/en/items/42' : '/items/42',
			itemUrl: 'http://localhost:4321/items/42',
			courierMode,
			cityPage,
			donorMessages: donorMessages(donorLanguage, locale),
		}),
	);
	return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

/** The courier delivery choice's radio button. */
const courierRadio = (html: string) => html.match(/<input[^>]*value="courier"[^>]*>/)?.[0];

const givenAway = ['DONATED', 'SHIPPED', 'CANCELLED'] as const;

describe('the item page', () => {
	it('says under the contact button when the message is written in the donor’s language', () => {
		// The page reads the donor's language for a signed-in receiver; the island shows whichever.
		const english = render('AVAILABLE', stranger, 'en', {}, 'off', null, 'id');
		expect(english.text).toContain('Contact the donor on WhatsApp');
		expect(english.text).toContain('The message is written in Indonesian, the donor');
		const indonesian = render('AVAILABLE', stranger, 'id', {}, 'off', null, 'en');
		expect(indonesian.text).toContain('Pesan ditulis dalam bahasa Inggris, bahasa pemberi.');
		// The same language on both sides needs no note.
		expect(render('AVAILABLE', stranger, 'en', {}, 'off', null, 'en').html).not.toContain(
			'data-testid="donor-language"',
		);
	});

	it('links the pickup city to its page while the city has one', () => {
		const pickup = {
			provinceCode: '32',
			provinceName: 'Jawa Barat',
			regencyCode: '32.73',
			regencyName: 'Kota Bandung',
			districtCode: '32.73.14',
			districtName: 'Cibeunying Kidul',
		};
		const bandung = { regencyCode: '32.73', path: '/en/items/in/kota-bandung' };
		const linked = render('AVAILABLE', stranger, 'en', { pickup }, 'off', bandung);
		expect(linked.html).toContain(
			'<a href="/en/items/in/kota-bandung" class="link">Kota Bandung</a>',
		);
		expect(linked.text).toContain('Kota Bandung · Cibeunying Kidul');
		// No page, or a page made for the city the item was in before an edit: no link.
		for (const cityPage of [
			null,
			{ regencyCode: '32.04', path: '/en/items/in/kabupaten-bandung' },
		]) {
			const { html, text } = render('AVAILABLE', stranger, 'en', { pickup }, 'off', cityPage);
			expect(html).not.toContain('/items/in/');
			expect(text).toContain('Kota Bandung · Cibeunying Kidul');
		}
	});

	it('names the item’s condition among its facts, and none for an item listed without one', () => {
		expect(render('AVAILABLE', stranger, 'id').text).toContain('Kondisi Perlu perbaikan');
		expect(render('AVAILABLE', stranger, 'en').text).toContain('Condition Needs repair');
		const unsaid = render('AVAILABLE', stranger, 'en', { condition: null }).text;
		expect(unsaid).not.toContain('Condition');
	});

	it('counts what is left while the item is available', () => {
		expect(render('AVAILABLE', stranger).text).toContain('3 available');
		expect(render('AVAILABLE', stranger, 'id').text).toContain('3 tersedia');
	});

	it('counts only what no reservation holds', () => {
		const { text } = render('AVAILABLE', stranger, 'en', { reservedQuantity: 2 });
		expect(text).toContain('1 available');
		expect(text).not.toContain('3 available');
		expect(text).toContain('Up to 1');
	});

	it('offers the waiting list of an item whose every unit is reserved', () => {
		const reserved = { reservedQuantity: 3 };
		const { html, text } = render('RESERVED', stranger, 'en', reserved);
		expect(html).toMatch(/<span class="badge [^"]*badge-warning[^"]*"[^>]*>Reserved<\/span>/);
		expect(text).toContain('3 left, all reserved');
		expect(text).toContain('Everything left is reserved for other receivers right now.');
		expect(text).toContain('Join the waiting list');
		expect(text).toContain('Up to 3');
		expect(text).not.toContain('already been given away');
		expect(render('RESERVED', stranger, 'id', reserved).text).toContain('Masuk daftar tunggu');
	});

	it('says that the only one is reserved, not that one is left', () => {
		const single = { quantity: 1, reservedQuantity: 1 };
		expect(render('RESERVED', stranger, 'id', single).text).toContain(
			'Sudah disisihkan untuk seseorang',
		);
		const { text } = render('RESERVED', stranger, 'en', single);
		expect(text).toContain('Reserved for someone');
		expect(text).not.toContain('1 left');
	});

	it('shows no count once the item is given away, whatever its status', () => {
		for (const status of givenAway) {
			const { text } = render(status, stranger);
			expect(text, status).not.toContain('3 available');
			expect(text, status).toContain('This item has already been given away.');
			expect(render(status, donor, 'id').text, status).not.toContain('3 tersedia');
		}
	});

	it('gives the donor a link to edit the item while it is available, and only then', () => {
		const edit = /<a [^>]*href="\/en\/my-items\/42\/edit"[^>]*>Edit item<\/a>/;
		expect(render('AVAILABLE', donor).html).toMatch(edit);
		expect(render('AVAILABLE', donor, 'id').html).toMatch(
			/<a [^>]*href="\/my-items\/42\/edit"[^>]*>Ubah barang<\/a>/,
		);
		expect(render('AVAILABLE', stranger).html).not.toContain('/edit"');
		for (const status of [...givenAway, 'RESERVED'] as const) {
			expect(render(status, donor).html, status).not.toContain('/edit"');
		}
	});

	it('gives the donor a dialog that asks before the item is marked donated', () => {
		const dialog = (html: string) => /<dialog[^>]*>.*?<h2[^>]*>([^<]*)<\/h2>/.exec(html)?.[1];
		expect(dialog(render('AVAILABLE', donor).html)).toBe('Mark as donated?');
		expect(dialog(render('AVAILABLE', donor, 'id').html)).toBe('Tandai sudah dihibahkan?');
		expect(render('AVAILABLE', stranger).html).not.toContain('Mark as donated?');
	});

	it('shows courier delivery as Coming Soon while it is off', () => {
		const { html, text } = render('AVAILABLE', stranger);
		expect(text).toContain('Coming Soon');
		expect(courierRadio(html)).toContain('disabled');
	});

	it('offers courier delivery beside direct pickup when it is live or simulated', () => {
		for (const mode of ['live', 'simulated'] as const) {
			const { html, text } = render('AVAILABLE', stranger, 'en', {}, mode);
			expect(text, mode).not.toContain('Coming Soon');
			expect(courierRadio(html), mode).not.toContain('disabled');
		}
	});

	it('keeps a waiting list to direct pickup', () => {
		const { text } = render('RESERVED', stranger, 'en', { reservedQuantity: 3 }, 'simulated');
		expect(text).toContain('Coming Soon');
	});
});
