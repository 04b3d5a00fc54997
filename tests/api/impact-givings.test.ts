import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collusionLimits } from '~/config/limits';
import type { Givings, HeroEntry } from '~/features/heroes/heroes';
import type { Item } from '~/features/items/items';
import type { ItemRequest } from '~/features/requests/requests';
import { expireReservations } from '~/features/requests/request-expiry.server';
import { itemRequests } from '~/server/db/schema';
import { createItemFor, toggleItem } from '../helpers/items';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

const noGivings: Givings = {
	givenConfirmed: 0,
	givenUnconfirmed: 0,
	received: 0,
	pickupsCompleted: 0,
	noShows: 0,
	donorNoShows: 0,
	handOversCompleted: 0,
	answerMinutes: null,
};

describeOnDatabases('Impact from confirmed hand-overs', (use) => {
	// Noon in Jakarta today: every confirmation of a test falls in one Jakarta day, whenever it runs.
	beforeEach(() => {
		const noonInJakarta = new Date();
		noonInJakarta.setUTCHours(5, 0, 0, 0);
		vi.useFakeTimers({ toFake: ['Date'] });
		vi.setSystemTime(noonInJakarta);
	});
	afterEach(() => vi.useRealTimers());

	async function data<T>(response: Response, status = 200): Promise<T> {
		const text = await response.text();
		expect(response.status, text).toBe(status);
		return (JSON.parse(text) as { data: T }).data;
	}

	async function get<T>(path: string): Promise<T> {
		return data<T>(await use().request(path));
	}

	/** A request for one piece of `item`. */
	async function ask(receiver: TestUser, item: Item): Promise<number> {
		const response = await use().request(`/items/${item.id}/requests`, {
			method: 'POST',
			user: receiver,
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ quantity: 1 }),
		});
		return (await data<ItemRequest>(response, 201)).id;
	}

	async function act(user: TestUser, requestId: number, body: Record<string, unknown>) {
		const response = await use().request(`/requests/${requestId}`, {
			method: 'PATCH',
			user,
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(body),
		});
		return data<ItemRequest>(response);
	}

	/** One piece asked for, reserved and handed over; confirmed unless told. */
	async function handOver(
		donor: TestUser,
		receiver: TestUser,
		item: Item,
		{ confirm = true } = {},
	): Promise<ItemRequest> {
		const id = await ask(receiver, item);
		await act(donor, id, { action: 'reserve' });
		const handed = await act(donor, id, { action: 'handOver' });
		return confirm ? act(receiver, id, { action: 'confirm' }) : handed;
	}

	const profile = (user: TestUser) =>
		get<{ stats: { totalDonations: number; impactScore: number; givings: Givings } }>(
			`/profile/${user.id}`,
		);

	const entryOf = (user: TestUser, entries: HeroEntry[]) =>
		entries.find((entry) => entry.userId === user.id);

	it('keeps ten items of 100 kg × 100 marked donated by their donor alone out of rankings, totals and badges, as self-reported', async () => {
		const donor = await use().createUser({ complete: true, name: 'Dewi Real' });
		const receiver = await use().createUser({ complete: true });
		await handOver(donor, receiver, await createItemFor(use(), donor, { quantity: '1' }));
		const site = () =>
			Promise.all([
				get<{ rankings: HeroEntry[] }>('/heroes/rankings?limit=50'),
				get<HeroEntry[]>('/heroes/top'),
				get('/heroes/totals'),
			]);
		const before = await site();

		const faker = await use().createUser({ complete: true, name: 'Hero Palsu' });
		for (let n = 0; n < 10; n++) {
			const item = await createItemFor(use(), faker, { weight: '100', quantity: '100' });
			expect((await toggleItem(use(), faker, item.id)).status).toBe('DONATED');
		}

		expect(await site()).toEqual(before);
		expect(entryOf(faker, before[0].rankings)).toBeUndefined();
		const { stats, badges } = await get<{
			stats: { rank: number | null; totalDonations: number; givings: Givings };
			badges: unknown[];
		}>(`/profile/${faker.id}`);
		expect(stats).toMatchObject({ rank: null, totalDonations: 0, impactScore: 0, kgDonated: 0 });
		expect(stats.givings).toEqual({ ...noGivings, givenUnconfirmed: 10 });
		expect(badges).toEqual([]);
	});

	it(`counts at most ${collusionLimits.perPair} hand-overs between one donor and one receiver, showing the rest as given`, async () => {
		const donor = await use().createUser({ complete: true, name: 'Sari Pasangan' });
		const receiver = await use().createUser({ complete: true });
		const chairs = await createItemFor(use(), donor, { weight: '2', quantity: '4' });
		const handed = [];
		for (let n = 0; n < 4; n++) handed.push(await handOver(donor, receiver, chairs));
		expect(handed.map((request) => [request.state, request.countsForImpact])).toEqual([
			['confirmed', true],
			['confirmed', true],
			['confirmed', true],
			['confirmed', false],
		]);

		const { rankings } = await get<{ rankings: HeroEntry[] }>('/heroes/rankings?limit=50');
		// Three pieces of 2 kg: 3 × (10 + 2).
		expect(entryOf(donor, rankings)).toMatchObject({
			totalDonations: 3,
			impactScore: 36,
			kgDonated: 6,
		});
		expect((await profile(donor)).stats.givings).toEqual({
			...noGivings,
			givenConfirmed: 3,
			givenUnconfirmed: 1,
			handOversCompleted: 4,
			answerMinutes: 0,
		});
		expect((await profile(receiver)).stats.givings).toEqual({
			...noGivings,
			received: 4,
			pickupsCompleted: 4,
		});
	});

	it(`counts at most ${collusionLimits.perReceiverPerDay} confirmations of one receiver in a Jakarta day`, async () => {
		const receiver = await use().createUser({ complete: true });
		// The fortnight's limit of hand-overs keeps a receiver far below the day's limit, so the
		// day's first ten confirmations are written as they would stand: handed over three weeks
		// ago, within each pair's limit, confirmed today and counted.
		const now = new Date();
		const threeWeeksAgo = new Date(now.getTime() - 21 * 24 * 60 * 60_000);
		for (const count of [3, 3, 3, 1]) {
			const donor = await use().createUser({ complete: true });
			const item = await createItemFor(use(), donor, { weight: '1', quantity: '1' });
			await use()
				.server.db.insert(itemRequests)
				.values(
					Array.from({ length: count }, () => ({
						itemId: item.id,
						donorId: donor.id,
						receiverId: receiver.id,
						quantity: 1,
						givenQuantity: 1,
						state: 'confirmed',
						countsForImpact: true,
						createdAt: threeWeeksAgo,
						reservedAt: threeWeeksAgo,
						handedOverAt: threeWeeksAgo,
						confirmedAt: now,
					})),
				);
		}
		const donor = await use().createUser({ complete: true });
		const item = await createItemFor(use(), donor, { weight: '1', quantity: '2' });
		const eleventh = await handOver(donor, receiver, item);
		expect(eleventh.countsForImpact).toBe(false);
		expect((await profile(donor)).stats).toMatchObject({
			totalDonations: 0,
			givings: { ...noGivings, givenUnconfirmed: 1, handOversCompleted: 1 },
		});
		expect((await profile(receiver)).stats.givings).toMatchObject({
			received: 11,
			pickupsCompleted: 11,
		});
	});

	describe('a profile’s givings', () => {
		it('tells confirmed hand-overs from unconfirmed and self-reported ones', async () => {
			const donor = await use().createUser({ complete: true });
			const receiver = await use().createUser({ complete: true });
			const shirts = await createItemFor(use(), donor, { quantity: '3' });
			await handOver(donor, receiver, shirts);
			await handOver(donor, await use().createUser({ complete: true }), shirts, {
				confirm: false,
			});
			// One shirt is left; the donor gives it to a neighbour and marks the item donated.
			expect((await toggleItem(use(), donor, shirts.id)).status).toBe('DONATED');
			const lamp = await createItemFor(use(), donor, { quantity: '1' });
			await handOver(donor, receiver, lamp);

			const { stats } = await profile(donor);
			expect(stats.totalDonations).toBe(2);
			// Three reservations answered at once: the donor answers within the minute.
			expect(stats.givings).toEqual({
				...noGivings,
				givenConfirmed: 2,
				givenUnconfirmed: 2,
				handOversCompleted: 3,
				answerMinutes: 0,
			});
		});

		it('counts an item given away entirely through hand-overs once, not as self-reported', async () => {
			const donor = await use().createUser({ complete: true });
			const item = await createItemFor(use(), donor, { quantity: '1' });
			await handOver(donor, await use().createUser({ complete: true }), item);
			expect((await get<Item>(`/items/${item.id}`)).status).toBe('DONATED');
			expect((await profile(donor)).stats.givings).toEqual({
				...noGivings,
				givenConfirmed: 1,
				handOversCompleted: 1,
			});
		});

		it('shows a receiver’s pickups and no-shows: expired reservations and declines for not coming', async () => {
			const donor = await use().createUser({ complete: true });
			const receiver = await use().createUser({ complete: true });
			await handOver(donor, receiver, await createItemFor(use(), donor));
			await handOver(donor, receiver, await createItemFor(use(), donor), { confirm: false });

			const table = await createItemFor(use(), donor, { quantity: '1' });
			const declined = await ask(receiver, table);
			await act(donor, declined, { action: 'reserve' });
			await act(donor, declined, { action: 'decline', reason: 'noShow' });
			const otherReason = await ask(receiver, table);
			await act(donor, otherReason, { action: 'decline', reason: 'givenToOther' });
			const expiring = await ask(receiver, table);
			await act(donor, expiring, { action: 'reserve' });
			const afterReservation = new Date(Date.now() + 4 * 24 * 60 * 60_000);
			expect(await expireReservations(use().server.db, afterReservation)).toBe(1);

			expect((await profile(receiver)).stats.givings).toEqual({
				...noGivings,
				received: 1,
				pickupsCompleted: 2,
				noShows: 2,
			});
			expect((await profile(donor)).stats.givings).toEqual({
				...noGivings,
				givenConfirmed: 1,
				givenUnconfirmed: 1,
				handOversCompleted: 2,
				answerMinutes: 0,
			});
		});
	});
});
