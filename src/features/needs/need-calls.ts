/**
 * The need page's calls to the API, for its panels. Safe in the browser.
 */

import { ApiError, apiFetch } from '~/lib/api-client';
import type { NeedOffer, OfferableItem, OfferInput } from './needs';

const post = (path: string, body?: unknown) =>
	apiFetch<unknown>(path, {
		method: 'POST',
		...(body === undefined ? {} : { body: JSON.stringify(body) }),
	});

export const needCalls = {
	offers: (needId: number) => apiFetch<NeedOffer[]>(`/needs/${needId}/offers`),
	offerableItems: () => apiFetch<OfferableItem[]>('/needs/offerable-items'),
	offer: (needId: number, input: OfferInput) => post(`/needs/${needId}/offers`, input),
	withdraw: (offerId: number) =>
		apiFetch<unknown>(`/needs/offers/${offerId}`, { method: 'DELETE' }),
	accept: (offerId: number) => post(`/needs/offers/${offerId}/accept`),
	decline: (offerId: number) => post(`/needs/offers/${offerId}/decline`),
	renew: (needId: number) => post(`/needs/${needId}/renew`),
	close: (needId: number, state: 'fulfilled' | 'closed') =>
		post(`/needs/${needId}/close`, { state }),
	remove: (needId: number) => apiFetch<unknown>(`/needs/${needId}`, { method: 'DELETE' }),
};

/** What to tell of a failed call: the API's own translated message, else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
	return error instanceof ApiError && error.message ? error.message : fallback;
}
