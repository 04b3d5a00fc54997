import { describe, expect, it } from 'vitest';
import {
	type OrderActor,
	orderActions,
	orderActionsFor,
	orderStates,
	orderTransitions,
} from './orders';

const actors: OrderActor[] = ['receiver', 'donor', 'provider', 'system'];

describe('the courier order state machine', () => {
	it('gives each state and actor exactly the actions the table allows', () => {
		const table = Object.fromEntries(
			orderStates.map((state) => [
				state,
				Object.fromEntries(actors.map((actor) => [actor, orderActionsFor(state, actor)])),
			]),
		);
		expect(table).toEqual({
			awaitingPayment: {
				receiver: ['cancel'],
				donor: [],
				provider: ['payPending', 'pay', 'payCancelled', 'payFailed', 'payError'],
				system: ['expire'],
			},
			pending: {
				receiver: ['cancel'],
				donor: [],
				provider: ['pay', 'payCancelled', 'payFailed', 'payError'],
				system: ['expire'],
			},
			paid: {
				receiver: ['cancelPaid'],
				donor: ['decline', 'readyForPickup'],
				provider: [],
				system: [],
			},
			shipped: { receiver: [], donor: [], provider: ['deliver'], system: [] },
			delivered: { receiver: [], donor: [], provider: [], system: [] },
			cancelled: { receiver: [], donor: [], provider: ['settleLate'], system: [] },
			failed: { receiver: [], donor: [], provider: ['settleLate'], system: [] },
			error: { receiver: [], donor: [], provider: ['settleLate'], system: [] },
			expired: { receiver: [], donor: [], provider: ['settleLate'], system: [] },
			refunded: { receiver: [], donor: [], provider: [], system: [] },
			review: { receiver: [], donor: [], provider: [], system: [] },
		});
	});

	it('never lets a late settlement hold a quantity again', () => {
		expect(orderTransitions.settleLate.to).toBe('review');
		for (const action of orderActions) {
			const { from, to } = orderTransitions[action];
			if (to === 'paid') expect(from).toEqual(['awaitingPayment', 'pending']);
		}
	});
});
