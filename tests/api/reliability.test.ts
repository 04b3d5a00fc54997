import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { reliabilityLimits } from '~/config/limits';
import type { DonorStats } from '~/features/heroes/heroes';
import { itemRequests } from '~/server/db/schema';
import { expectError, getItem } from '../helpers/items';
import {
	act,
	changeFor,
	givingIn,
	newNotifications,
	notificationsOf,
	requestsForItem,
	requestsOf,
} from '../helpers/requests';
import { createModerator } from '../helpers/safety';
import { describeOnDatabases, type TestServer, type TestUser } from '../helpers/test-server';

/** The donor's no-shows over the last 90 days, as their public profile shows them. */
async function donorNoShows(test: TestServer, user: TestUser): Promise<number> {
	const response = await test.request(`/profile/${user.id}`);
	expect(response.status).toBe(200);
	const { data } = (await response.json()) as { data: { stats: DonorStats } };
	return data.stats.givings.donorNoShows;
}

describeOnDatabases('A donor’s no-show, reported by the receiver', (use) => {
	it('ends the reservation, frees the stock, tells the donor and counts on the donor’s profile', async () => {
		const test = use();
		const giving = await givingIn(test, 'reserved', { quantity: 2, itemQuantity: 3 });
		const { donor, receiver, item } = giving;
		expect((await getItem(test, item.id, donor)).reservedQuantity).toBe(2);
		const bell = await notificationsOf(test, donor, 'en');

		const ended = await act(test, receiver, giving.request.id, 'reportNoShow');
		expect(ended).toMatchObject({ state: 'withdrawn', declineReason: 'donorNoShow', actions: [] });
		expect((await getItem(test, item.id, donor)).reservedQuantity).toBe(0);
		expect((await getItem(test, item.id, donor)).quantity).toBe(3);
		expect(await newNotifications(test, donor, bell)).toEqual([
			expect.objectContaining({
				kind: 'donorNoShow',
				text: expect.stringContaining('did not answer or were not there'),
			}),
		]);
		const [asDonor] = await requestsForItem(test, donor, item.id);
		expect(asDonor).toMatchObject({ state: 'withdrawn', declineReason: 'donorNoShow' });
		expect(await donorNoShows(test, donor)).toBe(1);
		// It is the donor's record, not the receiver's.
		expect(await donorNoShows(test, receiver)).toBe(0);
		expect((await requestsOf(test, receiver, item.id))[0]!.receiver).toBeUndefined();

		// A second report of the same no-show is refused and changes nothing.
		await expectError(
			await changeFor(test, receiver, giving.request.id, { action: 'reportNoShow' }),
			409,
			'REQUEST_CONFLICT',
		);
		expect(await donorNoShows(test, donor)).toBe(1);
	});

	it('is the receiver’s alone: the donor, another member, a moderator and a stranger are refused', async () => {
		const test = use();
		const giving = await givingIn(test, 'reserved');
		const member = await test.createUser({ complete: true, name: 'Citra Lestari' });
		const moderator = await createModerator(test);
		for (const user of [giving.donor, member, moderator]) {
			await expectError(
				await changeFor(test, user, giving.request.id, { action: 'reportNoShow' }),
				403,
				'FORBIDDEN',
			);
		}
		await expectError(
			await changeFor(test, null, giving.request.id, { action: 'reportNoShow' }),
			401,
			'UNAUTHORIZED',
		);
		const [asReceiver] = await requestsOf(test, giving.receiver, giving.item.id);
		expect(asReceiver).toMatchObject({ state: 'reserved', actions: ['withdraw', 'reportNoShow'] });
		expect(await donorNoShows(test, giving.donor)).toBe(0);
	});

	it('may only end a reservation: an open request or a hand-over cannot be a no-show', async () => {
		const test = use();
		for (const state of ['open', 'handedOver'] as const) {
			const giving = await givingIn(test, state);
			await expectError(
				await changeFor(test, giving.receiver, giving.request.id, { action: 'reportNoShow' }),
				409,
				'REQUEST_CONFLICT',
			);
			expect(await donorNoShows(test, giving.donor)).toBe(0);
		}
	});

	it('stops counting a no-show on the profile once it is older than 90 days', async () => {
		const test = use();
		const giving = await givingIn(test, 'reserved');
		await act(test, giving.receiver, giving.request.id, 'reportNoShow');
		expect(await donorNoShows(test, giving.donor)).toBe(1);

		const justInside = new Date(Date.now() - reliabilityLimits.recordWindowMs + 60_000);
		await test.server.db
			.update(itemRequests)
			.set({ closedAt: justInside })
			.where(eq(itemRequests.id, giving.request.id));
		expect(await donorNoShows(test, giving.donor)).toBe(1);

		const tooOld = new Date(Date.now() - reliabilityLimits.recordWindowMs - 60_000);
		await test.server.db
			.update(itemRequests)
			.set({ closedAt: tooOld })
			.where(eq(itemRequests.id, giving.request.id));
		expect(await donorNoShows(test, giving.donor)).toBe(0);
	});
});
