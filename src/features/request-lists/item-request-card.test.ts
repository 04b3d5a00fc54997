import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Locale } from '~/lib/i18n/locales';
import { createI18n } from '~/lib/i18n/translate';
import { allResources } from '~/server/i18n';
import type { ItemRequest } from '~/features/requests/requests';
import { requestFor } from '../../../tests/helpers/item-requests';
import { ItemRequestCard } from './ItemRequestCard';

/** The card as the donor's page renders it, as plain text and as markup. */
function render(request: ItemRequest, locale: Locale = 'en') {
	const html = renderToStaticMarkup(
		createElement(
			I18nextProvider,
			{ i18n: createI18n(locale, allResources) },
			createElement(ItemRequestCard, {
				request,
				locale,
				busy: false,
				working: false,
				failure: null,
				onChange: () => undefined,
				onDecline: () => undefined,
				onBlockChange: () => undefined,
				onDisputed: () => Promise.resolve(),
			}),
		),
	);
	const text = html
		.replace(/<[^>]+>/g, ' ')
		.replace(/&#x27;/g, "'")
		.replace(/\s+/g, ' ');
	return { html, text };
}

const regular = requestFor(1, 'open', {
	quantity: 2,
	receiver: {
		id: 'budi',
		name: 'Budi Santoso',
		avatar: null,
		phone: '+6281234567890',
		pickupsCompleted: 5,
		noShows: 1,
		recentlyReceived: 2,
		blocked: false,
	},
	actions: ['reserve', 'decline'],
});

describe('a request on its donor’s page', () => {
	it('shows how reliably the receiver collects, in the page’s language', () => {
		expect(render(regular).text).toContain('Record, last 90 days: 5 pickups · 1 no-show');
		expect(render(regular, 'id').text).toContain(
			'Rekam jejak 90 hari: 5 kali mengambil · 1 kali tidak datang',
		);
		expect(render(requestFor(2, 'open')).text).toContain('Record, last 90 days: no pickups');
		// No pickups but a missed one: in words, not "0 pickups".
		const missed = { ...regular, receiver: { ...regular.receiver!, pickupsCompleted: 0 } };
		expect(render(missed).text).toContain('Record, last 90 days: no pickups · 1 no-show');
		expect(render(missed, 'id').text).toContain(
			'Rekam jejak 90 hari: belum ada pengambilan · 1 kali tidak datang',
		);
	});

	it('shows how many items the receiver received in the last 14 days', () => {
		expect(render(regular).text).toContain('Received 2 items in the last 14 days');
		expect(render(regular, 'id').text).toContain('Menerima 2 barang dalam 14 hari terakhir');
	});

	it('offers the donor to dispute the no-show the receiver recorded, then says where it stands', () => {
		const recorded = requestFor(3, 'withdrawn', {
			declineReason: 'donorNoShow',
			noShowDispute: 'disputable',
		});
		expect(render(recorded).text).toContain('Dispute this no-show');
		expect(render(recorded, 'id').text).toContain('Sanggah catatan ini');
		const struck = { ...recorded, noShowDispute: 'struck' as const };
		expect(render(struck).text).toContain('A moderator struck this no-show: it no longer counts.');
		expect(render(struck).text).not.toContain('Dispute this no-show');
		expect(render(requestFor(4, 'withdrawn')).text).not.toContain('no-show');
	});

	it('links the receiver to their public profile', () => {
		expect(render(regular, 'en').html).toContain('href="/en/profile/budi"');
		expect(render(regular, 'id').html).toContain('href="/profile/budi"');
	});

	it('says when the request was made, in Jakarta time', () => {
		// 03:00 UTC is 10.00 in Jakarta.
		expect(render(regular).text).toMatch(/Asked on 20 November 2026 at 10:00\sAM WIB/);
		expect(render(regular, 'id').text).toContain('Diminta 20 November 2026 pukul 10.00 WIB');
	});

	it('replies on WhatsApp with a message naming the item and the quantity', () => {
		const message =
			'Hi Budi Santoso, I am the giver of "Kursi lipat" on Hibahin. This is about your request for 2.';
		expect(render(regular).html).toContain(
			`href="https://wa.me/6281234567890?text=${encodeURIComponent(message).replace(/'/g, '&#x27;')}"`,
		);
	});

	it('offers no WhatsApp reply without the receiver’s phone', () => {
		expect(render(requestFor(2, 'declined')).html).not.toContain('wa.me');
	});

	it('marks a request new until the donor has seen it', () => {
		expect(render({ ...regular, isNew: true }).text).toContain('Budi Santoso New');
		expect(render(regular).text).not.toContain('Budi Santoso New');
	});

	it('offers to reserve what was asked, with a stepper bounded by what is unreserved', () => {
		const { html, text } = render(regular);
		expect(text).toContain('Quantity to reserve');
		expect(html).toMatch(/<input[^>]*max="2"[^>]*value="2"/);
		const fewerLeft = render({ ...regular, item: { ...regular.item, reservedQuantity: 2 } });
		expect(fewerLeft.text).not.toContain('Quantity to reserve');
		expect(fewerLeft.text).toContain('Only 1 is left unreserved.');
		expect(fewerLeft.text).toContain('Reserve');
	});

	it('puts a request on the waiting list while everything left is reserved for others', () => {
		const waiting = {
			...regular,
			item: { ...regular.item, status: 'RESERVED', quantity: 2, reservedQuantity: 2 },
		};
		const { text } = render(waiting);
		expect(text).toContain('This request is on the waiting list.');
		expect(text).not.toContain('Reserve ');
		expect(text).toContain('Decline');
	});

	it('shows until when a reservation holds, and offers to hand over, extend or decline it', () => {
		const reserved = requestFor(3, 'reserved', {
			quantity: 2,
			reservedUntil: '2026-11-23T10:30:00.000Z',
			actions: ['decline', 'handOver', 'extend'],
		});
		const { text } = render(reserved);
		expect(text).toContain('2 reserved for them');
		expect(text).toMatch(/Reserved until 23 November 2026 at 5:30\sPM WIB/);
		expect(text).toContain('Quantity handed over');
		expect(text).toContain('Mark as handed over');
		expect(text).toContain('Extend by 3 days');
	});

	it('marks a receiver who said they did not receive it', () => {
		const disputed = requestFor(4, 'reserved', { disputes: 1 });
		expect(render(disputed).text).toContain('Budi Santoso says they did not receive it');
		expect(render(disputed, 'id').text).toContain('Budi Santoso bilang belum menerima barangnya');
	});

	it('names the reason a request was declined or closed', () => {
		const { text } = render(requestFor(5, 'declined', { declineReason: 'noShow' }));
		expect(text).toContain('Asked for 1');
		expect(text).toContain('Reason: did not come to pick it up');
		expect(render(requestFor(6, 'declined', { declineReason: 'noneLeft' }), 'id').text).toContain(
			'Alasan: barangnya sudah habis',
		);
	});

	it('lets the donor agree a pickup time when reserving, and set or change it on a reservation', () => {
		expect(render(regular).text).toContain('Set a pickup time (optional)');
		expect(render(regular).html).toContain('type="datetime-local"');
		const reserved = requestFor(3, 'reserved', {
			reservedUntil: '2026-12-04T03:00:00Z',
			actions: ['handOver', 'extend', 'decline'],
		});
		expect(render(reserved).text).toContain('Set a pickup time');
		const agreed = {
			...reserved,
			pickup: { from: '2026-12-02T09:00:00Z', until: '2026-12-02T11:00:00Z', place: null },
		};
		const { html, text } = render(agreed, 'id');
		expect(text).toContain('Rab, 2 Des, 16.00–18.00 WIB');
		expect(text).toContain('Ubah waktu pengambilan');
		// The form starts from the agreed window, in Jakarta time.
		expect(html).toContain('value="2026-12-02T16:00"');
		expect(html).toContain('value="2026-12-02T18:00"');
		expect(html).toContain(`href="/api/requests/3/pickup.ics"`);
	});
});
