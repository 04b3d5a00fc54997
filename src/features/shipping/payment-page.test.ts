import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Locale } from '~/lib/i18n/locales';
import { courierOrder } from '../../../tests/helpers/island-fixtures';
import type { OrderState } from './orders';
import { PaymentPage } from './PaymentPage';
import { paymentPageResources } from './payment-resources.server';

/** The payment page of Siti's order in `state`, as the server renders it: its words and links. */
function render(state: OrderState, locale: Locale = 'en', orderAgain: string | null = '/items/42') {
	const html = renderToStaticMarkup(
		createElement(PaymentPage, {
			locale,
			resources: paymentPageResources(locale),
			order: courierOrder(state),
			orderAgain,
			snap: null,
		}),
	);
	const status = /role="status"[^>]*>(.*?)<\/div><\/div>/.exec(html)?.[1] ?? '';
	const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(
		([, href, label]) => `${label} → ${href}`,
	);
	return {
		status: status
			.replace(/<[^>]+>/g, ' ')
			.replace(/\s+/g, ' ')
			.trim(),
		links,
	};
}

describe('the payment page', () => {
	it.each<[OrderState, string]>([
		['pending', 'Payment is being processed'],
		['paid', 'Payment successful The donor will get the parcel ready'],
		['shipped', 'The parcel is on its way The donor handed the parcel to the courier'],
		['delivered', 'The parcel has arrived The courier delivered the parcel'],
		['cancelled', 'Payment was cancelled No money was taken'],
		['failed', 'Payment failed No money was taken'],
		['error', 'An error occurred during payment No money was taken'],
		['expired', 'The time to pay has run out'],
		['refunded', 'Your payment is refunded'],
		['review', 'Your payment arrived after this courier order had ended'],
	])('says what became of an order that is %s', (state, words) => {
		expect(render(state).status).toContain(words);
	});

	it('promises the parcel only while the donor still has to get it ready', () => {
		const promise = 'The donor will get the parcel ready';
		expect(render('paid').status).toContain(promise);
		for (const state of ['shipped', 'delivered', 'refunded', 'review'] as const) {
			expect(render(state).status, state).not.toContain(promise);
		}
	});

	it.each(['cancelled', 'failed', 'error', 'expired'] as const)(
		'offers paying again after a %s payment, and going back',
		(state) => {
			expect(render(state).links).toEqual([
				'Try paying again → /items/42',
				'To my requests → /en/my-requests',
			]);
			expect(render(state, 'id').links).toEqual([
				'Coba bayar lagi → /items/42',
				'Ke permintaanku → /my-requests',
			]);
		},
	);

	it('says an item no longer available cannot be ordered again, and offers only going back', () => {
		const { status, links } = render('failed', 'id', null);
		expect(status).toContain('Barang ini sudah tidak tersedia, jadi tidak bisa dipesan lagi.');
		expect(links).toEqual(['Ke permintaanku → /my-requests']);
	});

	it.each(['paid', 'shipped', 'delivered', 'refunded', 'review'] as const)(
		'offers no second payment for an order that is %s',
		(state) => {
			expect(render(state).links).toEqual(['To my requests → /en/my-requests']);
		},
	);
});
