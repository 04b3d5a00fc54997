import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Need, NeedOffer, OfferableItem } from '~/features/needs/needs';
import { itemRequests, needOffers, userBlocks } from '~/server/db/schema';
import { createItemFor, expectError, getItem, toggleItem } from '../helpers/items';
import { dataOf, offersOf, postNeed, send } from '../helpers/needs';
import { act, newNotifications, notificationsOf, requestsOf } from '../helpers/requests';
import { describeOnDatabases, type TestServer, type TestUser } from '../helpers/test-server';

/** A person in need and a donor with one listing of `quantity`. */
async function needAndDonor(test: TestServer, quantity = 3) {
	const owner = await test.createUser({ complete: true, name: 'Sari Lestari' });
	const donor = await test.createUser({ complete: true, name: 'Ani Wijaya' });
	const need = await postNeed(test, owner);
	const item = await createItemFor(test, donor, { quantity: String(quantity), name: 'Seragam SD' });
	return { owner, donor, need, item };
}

function offer(test: TestServer, donor: TestUser | null, needId: number, body: unknown) {
	return send(test, donor, 'POST', `/needs/${needId}/offers`, body);
}

async function offered(test: TestServer, donor: TestUser, needId: number, body: unknown) {
	return dataOf<{ id: number }>(await offer(test, donor, needId, body), 201);
}

const storedOffers = (test: TestServer, needId: number) =>
	test.server.db.select().from(needOffers).where(eq(needOffers.needId, needId));

/** `blocker` blocks `blocked` (people block those they dealt with; here, as if they had). */
async function block(test: TestServer, blocker: TestUser, blocked: TestUser) {
	await test.server.db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: blocked.id });
}

const profileStats = async (test: TestServer, user: TestUser) =>
	(await dataOf<{ stats: { totalDonations: number } }>(await test.request(`/profile/${user.id}`)))
		.stats;

describeOnDatabases('Offers to needs', (use) => {
	it('go from offer to a reserved request for the person in need, then hand-over and confirmation count for impact', async () => {
		const test = use();
		const { owner, donor, need, item } = await needAndDonor(test);
		const ownerBell = await notificationsOf(test, owner);
		const donorBell = await notificationsOf(test, donor);
		const offerable = await dataOf<OfferableItem[]>(
			await send(test, donor, 'GET', '/needs/offerable-items'),
		);
		expect(offerable).toEqual([{ id: item.id, name: 'Seragam SD', left: 3 }]);

		const { id } = await offered(test, donor, need.id, {
			itemId: item.id,
			quantity: 2,
			message: '  Masih bagus, baru dipakai setahun.  ',
		});
		expect(await newNotifications(test, owner, ownerBell)).toEqual([
			expect.objectContaining({
				kind: 'needOffered',
				text: `Ani Wijaya offered Seragam SD for your need “${need.title}”.`,
				path: `/needs/${need.id}`,
			}),
		]);
		const [seen] = await offersOf(test, owner, need.id);
		expect(seen).toMatchObject({
			id,
			state: 'open',
			quantity: 2,
			message: 'Masih bagus, baru dipakai setahun.',
			item: { id: item.id, name: 'Seragam SD', cover: expect.stringMatching(/^\/media\/items\//) },
			donor: { id: donor.id, name: 'Ani Wijaya' },
			requestId: null,
		});
		expect(JSON.stringify(seen)).not.toContain('+62');

		const accepted = await dataOf<{ requestId: number }>(
			await send(test, owner, 'POST', `/needs/offers/${id}/accept`),
		);
		const [request] = await requestsOf(test, owner, item.id);
		expect(request).toMatchObject({ id: accepted.requestId, state: 'reserved', quantity: 2 });
		const [row] = await test.server.db
			.select({ needId: itemRequests.needId })
			.from(itemRequests)
			.where(eq(itemRequests.id, accepted.requestId));
		expect(row!.needId).toBe(need.id);
		expect((await getItem(test, item.id))!).toMatchObject({ quantity: 3 });
		const [acceptedOffer] = await offersOf(test, donor, need.id);
		expect(acceptedOffer).toMatchObject({ state: 'accepted', requestId: accepted.requestId });
		expect((await newNotifications(test, donor, donorBell)).map((n) => [n.kind, n.path])).toEqual([
			['requestCreated', `/my-items/${item.id}/requests`],
			['offerAccepted', `/my-items/${item.id}/requests`],
		]);
		expect(
			(await newNotifications(test, owner, ownerBell)).map((notification) => notification.kind),
		).toEqual(['needOffered', 'requestReserved']);

		const before = await profileStats(test, donor);
		await act(test, donor, accepted.requestId, 'handOver');
		const confirmed = await act(test, owner, accepted.requestId, 'confirm');
		expect(confirmed).toMatchObject({ state: 'confirmed', countsForImpact: true });
		expect((await profileStats(test, donor)).totalDonations).toBe(before.totalDonations + 1);
		const answered = await dataOf<Need>(await send(test, null, 'GET', `/needs/${need.id}`));
		expect(answered.answered).toBe(1);
	});

	it('are declined by the person in need, who tells the donor, and withdrawn by the donor', async () => {
		const test = use();
		const { owner, donor, need, item } = await needAndDonor(test);
		const second = await createItemFor(test, donor, { name: 'Sepatu sekolah' });
		const donorBell = await notificationsOf(test, donor);
		const first = await offered(test, donor, need.id, { itemId: item.id, quantity: 1 });
		const other = await offered(test, donor, need.id, { itemId: second.id, quantity: 1 });

		await expectError(
			await send(test, donor, 'POST', `/needs/offers/${first.id}/decline`),
			403,
			'FORBIDDEN',
		);
		await expectError(
			await send(test, donor, 'POST', `/needs/offers/${first.id}/accept`),
			403,
			'FORBIDDEN',
		);
		await dataOf(await send(test, owner, 'POST', `/needs/offers/${first.id}/decline`));
		expect(await newNotifications(test, donor, donorBell)).toEqual([
			expect.objectContaining({
				kind: 'offerDeclined',
				text: `Sari Lestari declined your offer of Seragam SD for the need “${need.title}”.`,
				path: `/needs/${need.id}`,
			}),
		]);
		await expectError(
			await send(test, owner, 'POST', `/needs/offers/${first.id}/accept`),
			409,
			'REQUEST_CONFLICT',
		);

		await expectError(
			await send(test, owner, 'DELETE', `/needs/offers/${other.id}`),
			404,
			'NOT_FOUND',
		);
		await dataOf(await send(test, donor, 'DELETE', `/needs/offers/${other.id}`));
		await expectError(
			await send(test, owner, 'POST', `/needs/offers/${other.id}/accept`),
			409,
			'REQUEST_CONFLICT',
		);
		expect((await offersOf(test, owner, need.id)).map((row) => [row.id, row.state])).toEqual([
			[other.id, 'withdrawn'],
			[first.id, 'declined'],
		]);
		// A withdrawn offer's item may be offered again.
		await offered(test, donor, need.id, { itemId: second.id, quantity: 1 });
	});

	it('shows the owner every offer and a donor only their own', async () => {
		const test = use();
		const { owner, donor, need, item } = await needAndDonor(test);
		const another = await test.createUser({ complete: true, name: 'Rudi' });
		const theirs = await createItemFor(test, another);
		await offered(test, donor, need.id, { itemId: item.id, quantity: 1 });
		await offered(test, another, need.id, { itemId: theirs.id, quantity: 1 });
		expect(await offersOf(test, owner, need.id)).toHaveLength(2);
		expect((await offersOf(test, another, need.id)).map((row) => row.donor.id)).toEqual([
			another.id,
		]);
		await expectError(
			await send(test, null, 'GET', `/needs/${need.id}/offers`),
			401,
			'UNAUTHORIZED',
		);
	});

	it('refuses offers between people who blocked each other', async () => {
		const test = use();
		const { owner, donor, need, item } = await needAndDonor(test);
		await block(test, owner, donor);
		await expectError(
			await offer(test, donor, need.id, { itemId: item.id, quantity: 1 }),
			403,
			'BLOCKED',
		);

		// Blocked after the offer was made: accepting it is refused too, and nothing is reserved.
		const other = await needAndDonor(test);
		const made = await offered(test, other.donor, other.need.id, {
			itemId: other.item.id,
			quantity: 1,
		});
		await block(test, other.donor, other.owner);
		await expectError(
			await send(test, other.owner, 'POST', `/needs/offers/${made.id}/accept`),
			403,
			'BLOCKED',
		);
		expect(await requestsOf(test, other.owner, other.item.id)).toEqual([]);
		expect((await offersOf(test, other.owner, other.need.id))[0]!.state).toBe('open');
		expect(await storedOffers(test, need.id)).toEqual([]);
	});

	it('refuses someone else’s item, an unavailable item, too many, one’s own need, and a second offer of one item', async () => {
		const test = use();
		const { owner, donor, need, item } = await needAndDonor(test, 2);
		const stranger = await test.createUser({ complete: true });
		const foreign = await offer(test, stranger, need.id, { itemId: item.id, quantity: 1 });
		await expectError(foreign, 403, 'FORBIDDEN', { itemId: 'needs.errors.notYourItem' });
		await expectError(
			await offer(test, donor, need.id, { itemId: item.id, quantity: 3 }),
			400,
			'VALIDATION_ERROR',
			{
				quantity: 'needs.errors.quantityOverItem',
			},
		);
		await expectError(
			await offer(test, donor, need.id, { itemId: 999999, quantity: 1 }),
			400,
			'VALIDATION_ERROR',
			{
				itemId: 'needs.errors.itemUnknown',
			},
		);
		await expectError(
			await offer(test, donor, need.id, { itemId: item.id, quantity: 1, message: 'x'.repeat(281) }),
			400,
			'VALIDATION_ERROR',
			{ message: 'needs.errors.messageMax' },
		);
		const own = await createItemFor(test, owner);
		await expectError(
			await offer(test, owner, need.id, { itemId: own.id, quantity: 1 }),
			409,
			'REQUEST_CONFLICT',
		);

		await offered(test, donor, need.id, { itemId: item.id, quantity: 1 });
		const twice = await expectError(
			await send(
				test,
				donor,
				'POST',
				`/needs/${need.id}/offers`,
				{ itemId: item.id, quantity: 1 },
				'en',
			),
			409,
			'REQUEST_CONFLICT',
		);
		expect(twice.message).toBe('You already offered this item to this need.');

		const given = await createItemFor(test, donor, { name: 'Tas sekolah' });
		await toggleItem(test, donor, given.id);
		await expectError(
			await offer(test, donor, need.id, { itemId: given.id, quantity: 1 }),
			400,
			'VALIDATION_ERROR',
			{
				itemId: 'needs.errors.itemNotAvailable',
			},
		);
		expect(await storedOffers(test, need.id)).toHaveLength(1);

		// A closed need takes no offers.
		await dataOf(await send(test, owner, 'POST', `/needs/${need.id}/close`, { state: 'closed' }));
		const more = await createItemFor(test, donor, { name: 'Buku tulis' });
		await expectError(
			await offer(test, donor, need.id, { itemId: more.id, quantity: 1 }),
			409,
			'REQUEST_CONFLICT',
		);
	});

	it('refuses to accept an offer whose item was given away meanwhile, changing nothing', async () => {
		const test = use();
		const { owner, donor, need, item } = await needAndDonor(test, 1);
		const made = await offered(test, donor, need.id, { itemId: item.id, quantity: 1 });
		await toggleItem(test, donor, item.id);
		await expectError(
			await send(test, owner, 'POST', `/needs/offers/${made.id}/accept`),
			409,
			'REQUEST_CONFLICT',
		);
		const [row] = await offersOf(test, owner, need.id);
		expect(row).toMatchObject<Partial<NeedOffer>>({ state: 'open', requestId: null });
		expect(await requestsOf(test, owner, item.id)).toEqual([]);
	});

	it('end with a block between the person in need and the donor, the accepted one’s request too', async () => {
		const test = use();
		const { owner, donor, need, item } = await needAndDonor(test);
		const second = await createItemFor(test, donor, { name: 'Sepatu sekolah' });
		const taken = await offered(test, donor, need.id, { itemId: item.id, quantity: 2 });
		const waiting = await offered(test, donor, need.id, { itemId: second.id, quantity: 1 });
		const { requestId } = await dataOf<{ requestId: number }>(
			await send(test, owner, 'POST', `/needs/offers/${taken.id}/accept`),
		);

		await dataOf(await send(test, donor, 'PUT', `/blocks/${owner.id}`));
		expect((await offersOf(test, owner, need.id)).map((row) => [row.id, row.state])).toEqual([
			[waiting.id, 'withdrawn'],
			[taken.id, 'accepted'],
		]);
		const [request] = await requestsOf(test, owner, item.id);
		expect(request).toMatchObject({ id: requestId, state: 'declined' });
		expect((await getItem(test, item.id))!).toMatchObject({ quantity: 3 });
		await expectError(
			await offer(test, donor, need.id, { itemId: second.id, quantity: 1 }),
			403,
			'BLOCKED',
		);
	});

	it('are in the offering donor’s data, and not in the data of the person in need', async () => {
		const test = use();
		const { owner, donor, need, item } = await needAndDonor(test);
		await offered(test, donor, need.id, { itemId: item.id, quantity: 2, message: 'Masih bagus' });
		const exported = async (user: TestUser) =>
			(await (await test.request('/account/export', { user })).json()) as {
				offersMade: unknown[];
			};
		expect((await exported(donor)).offersMade).toEqual([
			{
				needId: need.id,
				itemId: item.id,
				quantity: 2,
				message: 'Masih bagus',
				state: 'open',
				createdAt: expect.any(String),
				decidedAt: null,
			},
		]);
		expect((await exported(owner)).offersMade).toEqual([]);
	});
});
