import { describe, expect, it } from 'vitest';
import {
	currentRequest,
	donorChatUrl,
	endedWithoutGiving,
	groupRequests,
	receiverStatus,
	withoutPhones,
} from './receiver';
import { receiverRequest } from '../../../tests/helpers/item-requests';
import type { ItemRequest, RequestState } from './requests';

const request = receiverRequest;

const inState = (state: RequestState, id: number, extra: Partial<ItemRequest> = {}) =>
	request({ id, state, actions: [], ...extra });

describe('groupRequests', () => {
	it('puts hand-overs to confirm first, then reservations, waiting and finished requests', () => {
		const groups = groupRequests([
			inState('declined', 1),
			inState('open', 2),
			inState('handedOver', 3, { actions: ['confirm', 'dispute'] }),
			inState('reserved', 4),
			inState('confirmed', 5),
			inState('open', 6),
		]);
		expect(groups.map(({ group, requests }) => [group, requests.map(({ id }) => id)])).toEqual([
			['toConfirm', [3]],
			['reserved', [4]],
			['waiting', [2, 6]],
			['finished', [1, 5]],
		]);
	});

	it('counts a hand-over past its time to confirm as finished', () => {
		expect(groupRequests([inState('handedOver', 1)])).toEqual([
			{ group: 'finished', requests: [inState('handedOver', 1)] },
		]);
	});

	it('has no groups without requests', () => {
		expect(groupRequests([])).toEqual([]);
	});
});

describe('currentRequest', () => {
	it('is the request in progress, however old, else the latest', () => {
		const withdrawn = inState('withdrawn', 1);
		const reserved = inState('reserved', 2);
		expect(currentRequest([withdrawn, reserved])).toBe(reserved);
		expect(currentRequest([withdrawn, inState('expired', 3)])).toBe(withdrawn);
		expect(currentRequest([])).toBeNull();
		expect(currentRequest(undefined)).toBeNull();
	});
});

describe('endedWithoutGiving', () => {
	it('lets a receiver ask again after a decline, a withdrawal or an expiry only', () => {
		const again = (['declined', 'withdrawn', 'expired'] as const).map((state) =>
			endedWithoutGiving({ state }),
		);
		expect(again).toEqual([true, true, true]);
		for (const state of ['open', 'reserved', 'handedOver', 'confirmed'] as const) {
			expect(endedWithoutGiving({ state }), state).toBe(false);
		}
	});
});

describe('receiverStatus', () => {
	it('says how many were asked for while the donor has not answered', () => {
		expect(receiverStatus(request())).toEqual({ key: 'open', count: 2 });
	});

	it('calls an open request on a reserved item a place on the waiting list', () => {
		const waiting = request({ item: { ...request().item, status: 'RESERVED' } });
		expect(receiverStatus(waiting)).toEqual({ key: 'waitingList', count: 2 });
	});

	it('names the end of a reservation', () => {
		const reserved = request({ state: 'reserved', reservedUntil: '2026-11-23T03:00:00.000Z' });
		expect(receiverStatus(reserved)).toEqual({
			key: 'reserved',
			count: 2,
			until: '2026-11-23T03:00:00.000Z',
		});
	});

	it('asks about what was handed over, until the time to answer has passed', () => {
		const handedOver = request({
			state: 'handedOver',
			givenQuantity: 1,
			confirmBy: '2026-12-04T03:00:00.000Z',
			actions: ['confirm', 'dispute'],
		});
		expect(receiverStatus(handedOver)).toEqual({
			key: 'handedOver',
			count: 1,
			confirmBy: '2026-12-04T03:00:00.000Z',
		});
		expect(receiverStatus({ ...handedOver, actions: [] })).toEqual({
			key: 'unconfirmed',
			count: 1,
		});
		expect(receiverStatus({ ...handedOver, state: 'confirmed', actions: [] })).toEqual({
			key: 'confirmed',
			count: 1,
		});
	});

	it('tells a decline by the donor from a request the site closed', () => {
		const declined = (declineReason: string | null) =>
			receiverStatus(request({ state: 'declined', declineReason }));
		expect(declined('noShow')).toEqual({ key: 'declinedWithReason', reason: 'noShow' });
		expect(declined(null)).toEqual({ key: 'declined' });
		expect(declined('givenAway')).toEqual({ key: 'closed', reason: 'givenAway' });
		expect(declined('noneLeft')).toEqual({ key: 'closed', reason: 'noneLeft' });
	});

	it('says a request was withdrawn or expired', () => {
		expect(receiverStatus(request({ state: 'withdrawn' }))).toEqual({ key: 'withdrawn' });
		expect(receiverStatus(request({ state: 'expired' }))).toEqual({ key: 'expired' });
	});
});

describe('donorChatUrl', () => {
	it('opens a chat with the donor while the request is in progress', () => {
		expect(donorChatUrl(request({ state: 'reserved' }), 'Halo, kursi?')).toBe(
			'https://wa.me/6281234567890?text=Halo%2C%20kursi%3F',
		);
	});

	it('has none once the request is finished, or without the phone', () => {
		expect(donorChatUrl(request({ state: 'confirmed' }), 'Halo')).toBeNull();
		expect(donorChatUrl(withoutPhones([request()])[0]!, 'Halo')).toBeNull();
	});
});

describe('withoutPhones', () => {
	it('keeps everything of the requests but the donors’ phones', () => {
		const [shown] = withoutPhones([request()]);
		expect(JSON.stringify(shown)).not.toContain('81234567890');
		expect(shown).toEqual({
			...request(),
			donor: { id: 'u-donor', name: 'Ani Lestari', avatar: null, blocked: false },
		});
	});
});
