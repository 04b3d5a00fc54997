import { expect, it } from 'vitest';
import { blockChoice } from '~/features/blocks/blocks.server';
import { createItemFor, expectError, getItem } from '../helpers/items';
import { dataOf, offersOf, postNeed, send } from '../helpers/needs';
import {
	act,
	ask,
	askFor,
	newNotifications,
	notificationsOf,
	requestsForItem,
	requestsOf,
} from '../helpers/requests';
import { describeOnDatabases } from '../helpers/test-server';

describeOnDatabases('Blocking', (use) => {
	const person = (name = 'Budi Santoso') => use().createUser({ complete: true, name });

	it('stops a blocked person from requesting the donor’s items and seeing the phone, until unblocked', async () => {
		const donor = await person('Ani Wijaya');
		const blocked = await person('Joko');
		const item = await createItemFor(use(), donor);
		expect((await getItem(use(), item.id, blocked))?.donor.phone).toEqual(expect.any(String));
		// They dealt with each other once: a request, withdrawn since.
		await act(use(), blocked, (await ask(use(), blocked, item.id)).id, 'withdraw');

		const response = await use().request(`/blocks/${blocked.id}`, { method: 'PUT', user: donor });
		expect(response.status).toBe(200);
		expect((await response.json()).data).toEqual([
			{ id: blocked.id, name: 'Joko', avatar: null, blockedAt: expect.any(String) },
		]);
		expect((await getItem(use(), item.id, blocked))?.donor.phone).toBeUndefined();
		expect((await getItem(use(), item.id, blocked))?.donor.hasPhone).toBe(true);
		const refused = await expectError(
			await askFor(use(), blocked, item.id, { quantity: 1 }),
			403,
			'BLOCKED',
		);
		expect(refused.message).toBe('Pemberi ini tidak menerima permintaan darimu.');
		expect((await requestsOf(use(), blocked)).map((request) => request.state)).toEqual([
			'withdrawn',
		]);

		const unblocked = await use().request(`/blocks/${blocked.id}`, {
			method: 'DELETE',
			user: donor,
		});
		expect((await unblocked.json()).data).toEqual([]);
		expect((await askFor(use(), blocked, item.id, { quantity: 1 })).status).toBe(201);
	});

	it('declines what the blocked person holds, frees their reservation and hides the phone of a hand-over', async () => {
		const donor = await person('Ani Wijaya');
		const blocked = await person('Joko');
		const other = await person('Sari');
		const reservedItem = await createItemFor(use(), donor, { quantity: '3' });
		const askedItem = await createItemFor(use(), donor);
		const givenItem = await createItemFor(use(), donor, { quantity: '2' });
		const reservation = await ask(use(), blocked, reservedItem.id, 2);
		await act(use(), donor, reservation.id, 'reserve');
		const open = await ask(use(), blocked, askedItem.id);
		const handOver = await ask(use(), blocked, givenItem.id);
		await act(use(), donor, handOver.id, 'reserve');
		await act(use(), donor, handOver.id, 'handOver');
		const othersRequest = await ask(use(), other, askedItem.id);
		const phoneOf = async (itemId: number) => (await requestsOf(use(), blocked, itemId))[0]!.donor;
		expect((await phoneOf(reservedItem.id))?.phone).toEqual(expect.any(String));
		const before = await notificationsOf(use(), blocked);

		await use().request(`/blocks/${blocked.id}`, { method: 'PUT', user: donor });

		const mine = await requestsOf(use(), blocked);
		const stateOf = (id: number) => mine.find((request) => request.id === id);
		expect(stateOf(reservation.id)).toMatchObject({ state: 'declined', declineReason: 'blocked' });
		expect(stateOf(open.id)).toMatchObject({ state: 'declined', declineReason: 'blocked' });
		expect(stateOf(handOver.id)?.state).toBe('handedOver');
		expect(stateOf(handOver.id)?.actions).toContain('confirm');
		for (const request of mine) expect(request.donor?.phone).toBeUndefined();
		expect(await getItem(use(), reservedItem.id, blocked)).toMatchObject({
			status: 'AVAILABLE',
			reservedQuantity: 0,
		});
		expect((await newNotifications(use(), blocked, before)).map((n) => n.text)).toEqual([
			`Your request for ${reservedItem.name} was closed: the donor no longer takes requests from you.`,
			`Your request for ${askedItem.name} was closed: the donor no longer takes requests from you.`,
		]);
		const asDonor = await requestsForItem(use(), donor, askedItem.id);
		expect(asDonor.find((request) => request.id === othersRequest.id)).toMatchObject({
			state: 'open',
			receiver: { blocked: false },
		});
		expect(asDonor.find((request) => request.id === open.id)?.receiver?.blocked).toBe(true);
		// The hand-over stays the receiver's to confirm or dispute; a dispute brings back no phone.
		const disputed = await act(use(), blocked, handOver.id, 'dispute');
		expect(disputed.state).toBe('reserved');
		expect(disputed.donor?.phone).toBeUndefined();
	});

	it('lists only the caller’s own blocks; blocking twice keeps one', async () => {
		const donor = await person('Ani Wijaya');
		const other = await person('Sari');
		const blocked = await person('Joko');
		await ask(use(), blocked, (await createItemFor(use(), donor)).id);
		await use().request(`/blocks/${blocked.id}`, { method: 'PUT', user: donor });
		await use().request(`/blocks/${blocked.id}`, { method: 'PUT', user: donor });
		const mine = await use().request('/blocks', { user: donor });
		expect((await mine.json()).data).toHaveLength(1);
		expect((await (await use().request('/blocks', { user: other })).json()).data).toEqual([]);
	});

	it('refuses blocking oneself (400), someone unknown (404), someone never dealt with (403) and signed-out callers (401)', async () => {
		const donor = await person('Ani Wijaya');
		const stranger = await person('Sari');
		// A request of someone else's for the donor's item is no dealing between these two.
		await ask(use(), await person('Joko'), (await createItemFor(use(), donor)).id);
		const refused = await expectError(
			await use().request(`/blocks/${stranger.id}`, {
				method: 'PUT',
				user: donor,
				headers: { 'Accept-Language': 'en' },
			}),
			403,
			'FORBIDDEN',
		);
		expect(refused.message).toBe(
			'You can only block someone you have dealt with through an item request or an offer on a need.',
		);
		await expectError(
			await use().request(`/blocks/${donor.id}`, { method: 'PUT', user: donor }),
			400,
			'VALIDATION_ERROR',
			{ userId: 'blocks.errors.self' },
		);
		await expectError(
			await use().request('/blocks/nobody', { method: 'PUT', user: donor }),
			404,
			'NOT_FOUND',
		);
		await expectError(
			await use().request(`/blocks/${donor.id}`, { method: 'PUT' }),
			401,
			'UNAUTHORIZED',
		);
		expect((await (await use().request('/blocks', { user: donor })).json()).data).toEqual([]);
	});

	it('lets a receiver block the donor they asked: neither can then ask the other or see their phone', async () => {
		const donor = await person('Ani Wijaya');
		const receiver = await person('Joko');
		const reservedItem = await createItemFor(use(), donor, { quantity: '2' });
		const askedItem = await createItemFor(use(), donor);
		const receiversOwnItem = await createItemFor(use(), receiver);
		const reservation = await ask(use(), receiver, reservedItem.id, 2);
		await act(use(), donor, reservation.id, 'reserve');
		const open = await ask(use(), receiver, askedItem.id);
		const before = await notificationsOf(use(), donor);
		expect((await requestsOf(use(), receiver, reservedItem.id))[0]?.donor).toMatchObject({
			blocked: false,
			phone: expect.any(String),
		});

		const response = await use().request(`/blocks/${donor.id}`, {
			method: 'PUT',
			user: receiver,
		});
		expect(response.status).toBe(200);
		expect((await response.json()).data).toEqual([
			{ id: donor.id, name: 'Ani Wijaya', avatar: null, blockedAt: expect.any(String) },
		]);

		// Their requests end as withdrawn, the reservation freed, and the donor is told.
		const mine = await requestsOf(use(), receiver);
		for (const id of [reservation.id, open.id]) {
			expect(mine.find((request) => request.id === id)).toMatchObject({
				state: 'withdrawn',
				donor: { id: donor.id, blocked: true },
			});
		}
		for (const request of mine) expect(request.donor?.phone).toBeUndefined();
		expect(await getItem(use(), reservedItem.id, donor)).toMatchObject({ reservedQuantity: 0 });
		expect(await newNotifications(use(), donor, before)).toHaveLength(2);
		// The donor's side shows them who asked, not blocked by the donor.
		const asDonor = await requestsForItem(use(), donor, askedItem.id);
		expect(asDonor[0]).toMatchObject({ state: 'withdrawn', receiver: { blocked: false } });

		// Neither sees the other's phone nor may ask for the other's items.
		expect((await getItem(use(), askedItem.id, receiver))?.donor.phone).toBeUndefined();
		expect((await getItem(use(), receiversOwnItem.id, donor))?.donor.phone).toBeUndefined();
		const ownRefusal = await expectError(
			await askFor(use(), receiver, askedItem.id, { quantity: 1 }, 'en'),
			403,
			'BLOCKED',
		);
		expect(ownRefusal.message).toBe(
			'You blocked this donor. Unblock them first if you want to ask for their items.',
		);
		await expectError(
			await askFor(use(), donor, receiversOwnItem.id, { quantity: 1 }),
			403,
			'BLOCKED',
		);

		// Unblocking, from the request or the profile, lets both ask again.
		await use().request(`/blocks/${donor.id}`, { method: 'DELETE', user: receiver });
		expect((await askFor(use(), receiver, askedItem.id, { quantity: 1 })).status).toBe(201);
		expect((await askFor(use(), donor, receiversOwnItem.id, { quantity: 1 })).status).toBe(201);
	});

	it('offers the block button of a public profile only to someone who dealt with its member', async () => {
		const donor = await person('Ani Wijaya');
		const receiver = await person('Joko');
		const stranger = await person('Sari');
		await ask(use(), receiver, (await createItemFor(use(), donor)).id);
		const db = use().server.db;
		expect(await blockChoice(db, receiver.id, donor.id)).toEqual({ blocked: false });
		expect(await blockChoice(db, donor.id, receiver.id)).toEqual({ blocked: false });
		expect(await blockChoice(db, stranger.id, donor.id)).toBeNull();
		expect(await blockChoice(db, donor.id, donor.id)).toBeNull();
		await use().request(`/blocks/${donor.id}`, { method: 'PUT', user: receiver });
		expect(await blockChoice(db, receiver.id, donor.id)).toEqual({ blocked: true });
		expect(await blockChoice(db, donor.id, receiver.id)).toEqual({ blocked: false });
	});

	it('lets the person in need and a donor who only offered block each other, ending their open offers', async () => {
		const test = use();
		const owner = await person('Sari Lestari');
		const donor = await person('Ani Wijaya');
		const stranger = await person('Rudi');
		const need = await postNeed(test, owner);
		const offerOf = async (item: { id: number }) =>
			dataOf<{ id: number }>(
				await send(test, donor, 'POST', `/needs/${need.id}/offers`, {
					itemId: item.id,
					quantity: 1,
				}),
				201,
			);
		const first = await offerOf(await createItemFor(test, donor, { name: 'Seragam SD' }));
		const second = await offerOf(await createItemFor(test, donor, { name: 'Sepatu sekolah' }));
		await dataOf(await send(test, owner, 'POST', `/needs/offers/${second.id}/decline`));
		const db = test.server.db;
		expect(await blockChoice(db, owner.id, donor.id)).toEqual({ blocked: false });
		expect(await blockChoice(db, donor.id, owner.id)).toEqual({ blocked: false });
		expect(await blockChoice(db, stranger.id, owner.id)).toBeNull();

		// The person in need blocks the offerer: the open offer is declined and its donor told.
		const donorBell = await notificationsOf(test, donor);
		await dataOf(await send(test, owner, 'PUT', `/blocks/${donor.id}`));
		const offers = await offersOf(test, owner, need.id);
		expect(offers.map((offer) => [offer.id, offer.state, offer.donorBlocked])).toEqual([
			[second.id, 'declined', true],
			[first.id, 'declined', true],
		]);
		expect(await newNotifications(test, donor, donorBell)).toEqual([
			expect.objectContaining({
				kind: 'offerDeclined',
				text: `Sari Lestari declined your offer of Seragam SD for the need “${need.title}”.`,
			}),
		]);
		await dataOf(await send(test, owner, 'DELETE', `/blocks/${donor.id}`));

		// The offerer blocks the person in need: their own open offer is withdrawn, nobody told.
		const third = await offerOf(await createItemFor(test, donor, { name: 'Tas sekolah' }));
		const ownerBell = await notificationsOf(test, owner);
		await dataOf(await send(test, donor, 'PUT', `/blocks/${owner.id}`));
		expect((await offersOf(test, owner, need.id))[0]).toMatchObject({
			id: third.id,
			state: 'withdrawn',
			donorBlocked: false,
		});
		expect(await newNotifications(test, owner, ownerBell)).toEqual([]);
		expect(await blockChoice(db, donor.id, owner.id)).toEqual({ blocked: true });

		// Someone who neither asked nor offered is still refused.
		await expectError(await send(test, stranger, 'PUT', `/blocks/${owner.id}`), 403, 'FORBIDDEN');
		await expectError(await send(test, owner, 'PUT', `/blocks/${stranger.id}`), 403, 'FORBIDDEN');
	});
});
