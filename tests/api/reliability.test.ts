import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { reliabilityLimits } from '~/config/limits';
import type { DonorStats } from '~/features/heroes/heroes';
import { itemRequests } from '~/server/db/schema';
import { createItemFor, expectError, getItem } from '../helpers/items';
import {
	act,
	ask,
	askFor,
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
		expect((await getItem(test, item.id, donor))!.reservedQuantity).toBe(2);
		const bell = await notificationsOf(test, donor, 'en');

		const ended = await act(test, receiver, giving.request.id, 'reportNoShow');
		expect(ended).toMatchObject({ state: 'withdrawn', declineReason: 'donorNoShow', actions: [] });
		expect((await getItem(test, item.id, donor))!.reservedQuantity).toBe(0);
		expect((await getItem(test, item.id, donor))!.quantity).toBe(3);
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

describeOnDatabases('A receiver’s no-shows when asking', (use) => {
	const day = 24 * 60 * 60_000;
	const start = Date.parse('2026-03-02T05:00:00Z');
	beforeEach(() => {
		vi.useFakeTimers({ toFake: ['Date'] });
		vi.setSystemTime(start);
	});
	afterEach(() => vi.useRealTimers());

	/**
	 * The clock `days` after the first no-show. The people are made (and signed in) when the
	 * story ends, 92 days after it, so their sessions last through it.
	 */
	const at = (days: number) => vi.setSystemTime(start + (days - 92) * day);

	/** A donor with two items of ten, and a receiver who has not missed a pickup yet. */
	async function people(test: TestServer) {
		const donor = await test.createUser({ complete: true, name: 'Ani Wijaya' });
		const receiver = await test.createUser({ complete: true, name: 'Budi Santoso' });
		const first = await createItemFor(test, donor, { quantity: '10' });
		const second = await createItemFor(test, donor, { quantity: '10' });
		return { donor, receiver, first, second };
	}

	/** The receiver asks for the item and the donor declines it because they never came. */
	async function noShow(test: TestServer, donor: TestUser, receiver: TestUser, itemId: number) {
		const request = await ask(test, receiver, itemId);
		await act(test, donor, request.id, { action: 'decline', reason: 'noShow' });
	}

	it('warns after 2 no-shows, then allows only one open request for 30 days after the third', async () => {
		const test = use();
		const { donor, receiver, first, second } = await people(test);
		at(0);
		await noShow(test, donor, receiver, first.id);
		const once = await ask(test, receiver, first.id);
		expect(once.noShowWarning).toBeUndefined();
		await act(test, donor, once.id, { action: 'decline', reason: 'noShow' });

		at(1);
		const warnedResponse = await askFor(test, receiver, first.id, { quantity: 1 }, 'en');
		const warned = (await warnedResponse.json()).data;
		expect(warnedResponse.status).toBe(201);
		expect(warned.noShowWarning).toBe(
			'You did not come for 2 reservations in the last 90 days. After 3, you may hold only one open request at a time for 30 days.',
		);
		const warnedInIndonesian = await askFor(test, receiver, first.id, { quantity: 2 });
		expect((await warnedInIndonesian.json()).data.noShowWarning).toContain(
			'Kamu tidak datang mengambil 2 barang',
		);
		await act(test, donor, warned.id, { action: 'decline', reason: 'noShow' });

		// The third no-show was on day 1: one open request is allowed, a second is refused.
		at(2);
		await ask(test, receiver, first.id);
		const refused = await askFor(test, receiver, second.id, { quantity: 1 }, 'en');
		const { error } = await refused.json();
		expect([refused.status, error.code]).toEqual([409, 'REQUEST_LIMIT']);
		expect(error.message).toBe(
			'After 3 no-shows in 90 days you may hold only 1 open request at a time until 31 December 2025. Finish or withdraw it before asking for another item.',
		);
		expect(Number(refused.headers.get('Retry-After'))).toBe(29 * 24 * 60 * 60);
		const inIndonesian = await askFor(test, receiver, second.id, { quantity: 1 });
		expect((await inIndonesian.json()).error.message).toContain('sampai 31 Desember 2025');
		expect(await requestsOf(test, receiver, second.id)).toEqual([]);

		// Thirty days after the third no-show the limit lifts.
		at(30.99);
		await expectError(
			await askFor(test, receiver, second.id, { quantity: 1 }),
			409,
			'REQUEST_LIMIT',
		);
		at(31.01);
		const lifted = await askFor(test, receiver, second.id, { quantity: 1 });
		expect(lifted.status).toBe(201);
		// Within 90 days the no-shows still warn; after them, nothing does.
		expect((await lifted.json()).data.noShowWarning).toBeDefined();
		at(92);
		const forgotten = await askFor(test, receiver, first.id, { quantity: 3 });
		expect(forgotten.status).toBe(200);
		expect((await forgotten.json()).data.noShowWarning).toBeUndefined();
	});

	it('counts only no-shows within 90 days of each other towards the limit', async () => {
		const test = use();
		const { donor, receiver, first, second } = await people(test);
		at(0);
		await noShow(test, donor, receiver, first.id);
		await noShow(test, donor, receiver, first.id);
		at(91);
		await noShow(test, donor, receiver, first.id);
		await ask(test, receiver, first.id);
		const secondAsk = await askFor(test, receiver, second.id, { quantity: 1 });
		expect(secondAsk.status).toBe(201);
		expect((await secondAsk.json()).data.noShowWarning).toBeUndefined();
	});
});
