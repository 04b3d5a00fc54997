import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Locale } from '~/lib/i18n/locales';
import { useTranslations } from '~/server/i18n';
import { withoutPhones } from '~/features/requests/receiver';
import { confirmBySentence, requestBadge, statusSentence } from '~/features/requests/request-text';
import type { ItemRequest } from '~/features/requests/requests';
import { receiverRequest } from '../../../tests/helpers/item-requests';
import { MyRequests } from './MyRequests';
import { myRequestsResources } from './request-resources.server';

const t = { id: useTranslations('id'), en: useTranslations('en') };

describe('statusSentence', () => {
	it('says how many were asked for and that the donor has not answered yet', () => {
		expect(statusSentence(receiverRequest(), t.en, 'en')).toBe(
			'You asked for 2 — waiting for the donor to reply.',
		);
		expect(statusSentence(receiverRequest(), t.id, 'id')).toBe(
			'Kamu meminta 2 barang — menunggu balasan pemberi.',
		);
		// One asked for reads as a person would say it, not "You asked for 1".
		expect(statusSentence(receiverRequest({ quantity: 1 }), t.en, 'en')).toBe(
			'You asked for it — waiting for the donor to reply.',
		);
	});

	it('gives the end of a reservation in Jakarta time', () => {
		// 20:30 UTC on 22 November is 03:30 on the 23rd in Jakarta.
		const reserved = receiverRequest({ state: 'reserved', reservedUntil: '2026-11-22T20:30:00Z' });
		expect(statusSentence(reserved, t.en, 'en')).toMatch(/until 23 November 2026 at 3:30\sAM WIB/);
		expect(statusSentence(reserved, t.id, 'id')).toContain(
			'sampai 23 November 2026 pukul 03.30 WIB',
		);
	});

	it('asks about a hand-over and says until when it can be answered', () => {
		const handedOver = receiverRequest({
			state: 'handedOver',
			givenQuantity: 1,
			confirmBy: '2026-12-04T03:00:00Z',
			actions: ['confirm', 'dispute'],
		});
		expect(statusSentence(handedOver, t.en, 'en')).toBe(
			'The donor handed it over — did you receive it?',
		);
		expect(statusSentence({ ...handedOver, givenQuantity: 2 }, t.en, 'en')).toBe(
			'The donor handed over 2 — did you receive them?',
		);
		expect(confirmBySentence(handedOver, t.id, 'id')).toBe('Mohon jawab sebelum 4 Desember 2026.');
		expect(confirmBySentence(receiverRequest(), t.id, 'id')).toBeNull();
		expect(confirmBySentence(handedOver, t.en, 'en')).toBe('Please answer by 4 December 2026.');
	});

	it('says a paid courier order holds a reservation, never a made-up end', () => {
		// A paid order keeps its reservation until the parcel arrives: it has no end date.
		const held = receiverRequest({ state: 'reserved', method: 'courier', reservedUntil: null });
		expect(statusSentence(held, t.id, 'id')).toBe(
			'Pesanan kurirmu sudah dibayar, jadi 2 barang disisihkan untukmu sampai paketnya tiba. Lihat posisi paketnya di pesanan kurir.',
		);
		expect(statusSentence(held, t.en, 'en')).toContain(
			'Your courier order is paid, so 2 are reserved for you until the parcel arrives.',
		);
		expect(statusSentence(held, t.en, 'en')).not.toContain('1970');
		expect(requestBadge(held, t.id)).toEqual({
			label: 'Disisihkan (kurir)',
			tone: 'badge-warning',
		});
	});

	it('says a courier request ended because its payment did not go through, not that the receiver withdrew it', () => {
		const failed = receiverRequest({
			state: 'withdrawn',
			method: 'courier',
			declineReason: 'paymentFailed',
		});
		expect(statusSentence(failed, t.id, 'id')).toBe(
			'Pembayaran pengiriman kurirnya gagal, jadi permintaan ini berakhir. Kamu bisa memesan lagi selama barangnya masih tersedia.',
		);
		expect(requestBadge(failed, t.en)).toEqual({ label: 'Payment failed', tone: 'badge-error' });
		const unpaid = receiverRequest({
			state: 'expired',
			method: 'courier',
			declineReason: 'paymentExpired',
		});
		expect(statusSentence(unpaid, t.en, 'en')).toMatch(
			/^The courier delivery was not paid in time/,
		);
		// Withdrawn by the receiver's own hand, it says so.
		const withdrawn = receiverRequest({ state: 'withdrawn', method: 'courier' });
		expect(statusSentence(withdrawn, t.id, 'id')).toBe('Kamu sudah membatalkan permintaan ini.');
	});

	it('gives the donor’s reason for a decline in the reader’s language', () => {
		const declined = receiverRequest({ state: 'declined', declineReason: 'givenToOther' });
		expect(statusSentence(declined, t.en, 'en')).toBe(
			'The donor declined your request: given to someone else.',
		);
		expect(statusSentence(declined, t.id, 'id')).toBe(
			'Pemberi menolak permintaanmu: sudah diberikan ke orang lain.',
		);
		const closed = receiverRequest({ state: 'declined', declineReason: 'noneLeft' });
		expect(statusSentence(closed, t.en, 'en')).toBe('Your request was closed: none is left.');
		expect(requestBadge(closed, t.en)).toEqual({ label: 'Closed', tone: 'badge-ghost' });
	});
});

/** /my-requests' island as the server renders it, as text and markup. */
function render(requests: ItemRequest[] | null, locale: Locale = 'en') {
	const html = renderToStaticMarkup(
		createElement(MyRequests, {
			locale,
			resources: myRequestsResources(locale),
			initialRequests: requests,
			siteUrl: 'http://localhost:4321',
		}),
	);
	return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

describe('the receiver’s requests', () => {
	const requests = [
		receiverRequest({ id: 1, state: 'withdrawn', actions: [] }),
		receiverRequest({ id: 2 }),
		receiverRequest({
			id: 3,
			state: 'handedOver',
			givenQuantity: 2,
			handedOverAt: '2026-11-21T03:00:00Z',
			confirmBy: '2026-12-05T03:00:00Z',
			actions: ['confirm', 'dispute'],
		}),
	];

	it('shows hand-overs to confirm first, then what waits, then what is finished', () => {
		const { html } = render(requests);
		const headings = [...html.matchAll(/<h2[^>]*>([^<]+)/g)].map((match) => match[1]);
		expect(headings).toEqual(['Please confirm', 'Waiting for the donor', 'Finished']);
		expect(render(requests, 'id').text).toContain('Mohon konfirmasi');
	});

	it('counts each group’s requests in words, not a bare number', () => {
		expect(render(requests).html).toMatch(/Please confirm<span [^>]*>1 request<\/span>/);
		expect(render([...requests, receiverRequest({ id: 4 })]).html).toMatch(
			/Waiting for the donor<span [^>]*>2 requests<\/span>/,
		);
		expect(render(requests, 'id').html).toMatch(/Mohon konfirmasi<span [^>]*>1 permintaan<\/span>/);
	});

	it('links each request to its item and its donor, with the actions open to the receiver', () => {
		const { html, text } = render(requests, 'id');
		expect(html).toMatch(/<a [^>]*href="\/items\/42"[^>]*>Kursi lipat<\/a>/);
		expect(html).toMatch(/<a [^>]*href="\/profile\/u-donor"[^>]*>Ani Lestari<\/a>/);
		expect(text).toContain('Sudah saya terima');
		expect(text).toContain('Belum saya terima');
		expect(text).toContain('Batalkan permintaan');
	});

	it('renders no donor’s phone: the island reads it from the API', () => {
		const { html } = render(withoutPhones(requests));
		expect(html).not.toContain('81234567890');
		expect(html).not.toContain('wa.me');
	});

	it('shows an agreed pickup time in Jakarta time, its place and links to add it to a calendar', () => {
		const reserved = receiverRequest({
			id: 5,
			state: 'reserved',
			reservedUntil: '2026-12-04T03:00:00Z',
			pickup: {
				from: '2026-12-02T09:00:00Z',
				until: '2026-12-02T11:00:00Z',
				place: 'Depan masjid',
			},
			actions: ['withdraw'],
		});
		const { html, text } = render([reserved], 'id');
		expect(text).toContain('Waktu pengambilan Rab, 2 Des, 16.00–18.00 WIB Tempat: Depan masjid');
		expect(html).toMatch(/<a [^>]*href="\/api\/requests\/5\/pickup.ics"[^>]*download/);
		expect(html).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
		expect(html).toContain('dates=20261202T090000Z%2F20261202T110000Z');
		expect(render([reserved], 'en').text).toContain('Wed 2 Dec, 4:00 PM–6:00 PM (Jakarta time)');
		expect(render([receiverRequest({ id: 6 })]).text).not.toContain('Pickup time');
	});

	it('offers a way to browse items when there are no requests yet', () => {
		const { html, text } = render([], 'en');
		expect(text).toContain('You have not asked for any items yet.');
		expect(html).toMatch(/<a [^>]*href="\/en\/items"[^>]*>Browse items<\/a>/);
	});
});
