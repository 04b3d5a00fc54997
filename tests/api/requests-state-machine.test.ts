import { beforeAll, describe, expect, it } from 'vitest';
import {
	type RequestAction,
	requestActions,
	type RequestState,
	requestStates,
	requestTransitions,
} from '~/features/requests/requests';
import type { NotificationKind } from '~/features/notifications/notifications';
import { expectError, getItem } from '../helpers/items';
import {
	changeFor,
	type Giving,
	givingIn,
	newNotifications,
	notificationsOf,
	requestsForItem,
	requestsOf,
} from '../helpers/requests';
import { describeOnDatabases, type TestServer, type TestUser } from '../helpers/test-server';

const actors = ['signed out', 'the receiver', 'the donor', 'someone else'] as const;
type Actor = (typeof actors)[number];

type Outcome =
	| { status: 200; state: RequestState }
	| { status: 401; code: 'UNAUTHORIZED' }
	| { status: 403; code: 'FORBIDDEN' }
	| { status: 409; code: 'REQUEST_CONFLICT' };

/** What the API answers `actor` taking `action` on a request in `state`. */
function outcomeOf(action: RequestAction, state: RequestState, actor: Actor): Outcome {
	const transition = requestTransitions[action];
	if (actor === 'signed out') return { status: 401, code: 'UNAUTHORIZED' };
	if (actor !== `the ${transition.actor}`) return { status: 403, code: 'FORBIDDEN' };
	if (!transition.from.includes(state)) return { status: 409, code: 'REQUEST_CONFLICT' };
	return { status: 200, state: transition.to };
}

const describeOutcome = (outcome: Outcome) =>
	outcome.status === 200 ? `200, now ${outcome.state}` : `${outcome.status} ${outcome.code}`;

const cases = requestActions.flatMap((action) =>
	requestStates.flatMap((state) =>
		actors.map((actor) => {
			const outcome = outcomeOf(action, state, actor);
			return { action, state, actor, outcome, expected: describeOutcome(outcome) };
		}),
	),
);

/** What the other side of each step is told. */
const toldOf: Record<RequestAction, NotificationKind> = {
	reserve: 'requestReserved',
	decline: 'requestDeclined',
	handOver: 'handedOver',
	withdraw: 'requestWithdrawn',
	confirm: 'requestConfirmed',
	dispute: 'requestDisputed',
	extend: 'reservationExtended',
	reportNoShow: 'donorNoShow',
};

describe('The request state machine', () => {
	it('lets through exactly the steps of the product rules’ table, each for its one person', () => {
		const allowed = cases
			.filter((entry) => entry.outcome.status === 200)
			.map(({ action, state, actor, expected }) => `${actor}: ${action} ${state} → ${expected}`);
		expect(allowed.sort()).toEqual(
			[
				'the donor: reserve open → 200, now reserved',
				'the donor: decline open → 200, now declined',
				'the donor: decline reserved → 200, now declined',
				'the donor: handOver reserved → 200, now handedOver',
				'the donor: extend reserved → 200, now reserved',
				'the receiver: withdraw open → 200, now withdrawn',
				'the receiver: withdraw reserved → 200, now withdrawn',
				'the receiver: reportNoShow reserved → 200, now withdrawn',
				'the receiver: confirm handedOver → 200, now confirmed',
				'the receiver: dispute handedOver → 200, now reserved',
			].sort(),
		);
	});
});

describeOnDatabases('Request state machine', (use) => {
	/** One request in each state, shared by the steps that must change nothing. */
	const settled = new Map<RequestState, Giving & { someoneElse: TestUser }>();

	beforeAll(async () => {
		// The expired one first: reaching it ends every reservation made before it.
		for (const state of ['expired', ...requestStates.filter((state) => state !== 'expired')]) {
			const giving = await givingIn(use(), state as RequestState);
			const someoneElse = await use().createUser({ complete: true, name: 'Citra Lestari' });
			// The donor's first look marks the requests seen; from then on looking changes nothing.
			await requestsForItem(use(), giving.donor, giving.item.id);
			settled.set(state as RequestState, { ...giving, someoneElse });
		}
	}, 120_000);

	function userOf(actor: Actor, giving: Giving, someoneElse: TestUser): TestUser | null {
		if (actor === 'the receiver') return giving.receiver;
		if (actor === 'the donor') return giving.donor;
		if (actor === 'someone else') return someoneElse;
		return null;
	}

	/** Everything a step could change: the request as both sides see it, the item, the bells. */
	async function everythingAbout(test: TestServer, giving: Giving, someoneElse: TestUser) {
		const { donor, receiver, item } = giving;
		return {
			asReceiver: await requestsOf(test, receiver, item.id),
			asDonor: await requestsForItem(test, donor, item.id),
			item: await getItem(test, item.id, donor),
			bells: await Promise.all(
				[donor, receiver, someoneElse].map((user) => notificationsOf(test, user)),
			),
		};
	}

	it.each(cases)(
		'$action by $actor on a request in state $state → $expected',
		async ({ action, state, actor, outcome }) => {
			const test = use();
			if (outcome.status !== 200) {
				const { someoneElse, ...giving } = settled.get(state)!;
				const before = await everythingAbout(test, giving, someoneElse);
				const response = await changeFor(
					test,
					userOf(actor, giving, someoneElse),
					giving.request.id,
					{ action },
				);
				await expectError(response, outcome.status, outcome.code);
				expect(await everythingAbout(test, giving, someoneElse)).toEqual(before);
				return;
			}

			const giving = await givingIn(test, state);
			const [user, otherSide] =
				actor === 'the donor' ? [giving.donor, giving.receiver] : [giving.receiver, giving.donor];
			const bell = await notificationsOf(test, otherSide);
			const response = await changeFor(test, user, giving.request.id, { action });
			const body = await response.json();
			expect(response.status, JSON.stringify(body)).toBe(200);
			expect(body.data).toMatchObject({ id: giving.request.id, state: outcome.state });
			const [asReceiver] = await requestsOf(test, giving.receiver, giving.item.id);
			const [asDonor] = await requestsForItem(test, giving.donor, giving.item.id);
			expect([asReceiver!.state, asDonor!.state]).toEqual([outcome.state, outcome.state]);
			expect(
				(await newNotifications(test, otherSide, bell)).map((notification) => notification.kind),
			).toEqual([toldOf[action]]);
		},
	);
});
