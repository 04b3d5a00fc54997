import { afterEach, expect, it, vi } from 'vitest';
import enItemForm from '../../locales/en/itemForm.json';
import idItemForm from '../../locales/id/itemForm.json';
import { choosingLimits } from '~/config/limits';
import { tellChoosingTime } from '~/features/requests/choosing.server';
import type { ItemRequest } from '~/features/requests/requests';
import { orderFor, orderInput, postOrder } from '../helpers/courier-orders';
import {
	createItemFor,
	expectError,
	getItem,
	myItems,
	postItem,
	putItem,
	jpegFile,
	validFields,
} from '../helpers/items';
import {
	act,
	ask,
	askFor,
	backdateHandOver,
	changeFor,
	newNotifications,
	notificationsOf,
	requestsForItem,
	requestsOf,
} from '../helpers/requests';
import { createModerator } from '../helpers/safety';
import { describeOnDatabases, type TestServer, type TestUser } from '../helpers/test-server';

const itemFormTexts = { id: idItemForm, en: enItemForm };
const hour = 60 * 60_000;
const day = 24 * hour;

/** A donor with a complete profile. */
const newDonor = (test: TestServer, name = 'Ani Wijaya') =>
	test.createUser({ complete: true, name });
const newReceiver = (test: TestServer, name = 'Budi Santoso') =>
	test.createUser({ complete: true, name });

/** A hand-over from a fresh donor to `receiver`, made `ago` ms before now. */
async function handOverTo(test: TestServer, receiver: TestUser, ago = 0): Promise<ItemRequest> {
	const donor = await newDonor(test, 'Dewi Lestari');
	const item = await createItemFor(test, donor, { quantity: '1' });
	const request = await ask(test, receiver, item.id);
	await act(test, donor, request.id, 'reserve');
	const handed = await act(test, donor, request.id, 'handOver');
	if (ago > 0) await backdateHandOver(test, request.id, ago);
	return handed;
}

/** An item of a fresh donor that `receiver` asked for, still open. */
async function openRequestOf(test: TestServer, receiver: TestUser) {
	const donor = await newDonor(test, 'Eka Putri');
	const item = await createItemFor(test, donor, { quantity: '1' });
	const request = await ask(test, receiver, item.id);
	return { donor, item, request };
}

describeOnDatabases('A donor who lets requests gather before choosing', (use) => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it('picks first come or a wait of 6 to 48 hours; other waits are refused, translated, and store nothing', async () => {
		const test = use();
		const donor = await newDonor(test);
		for (const hours of ['5', '49', '12.5', 'soon']) {
			const response = await postItem(
				test,
				donor,
				validFields({ chooseAfterHours: hours }),
				[await jpegFile()],
				{ 'Accept-Language': 'en' },
			);
			// The field's message key, which the form shows in the page's language.
			await expectError(response, 400, 'VALIDATION_ERROR', {
				chooseAfterHours: 'itemForm.errors.chooseAfterInvalid',
			});
		}
		expect(itemFormTexts.id.errors.chooseAfterInvalid).toContain('antara 6 dan 48 jam');
		expect(itemFormTexts.en.errors.chooseAfterInvalid).toContain('between 6 and 48 hours');
		expect(await myItems(test, donor)).toEqual([]);

		const firstCome = await createItemFor(test, donor);
		expect(firstCome).toMatchObject({ chooseAfterHours: null, chooseAt: null });
		for (const hours of choosingLimits.waitHoursOffered) {
			const before = Date.now();
			const item = await createItemFor(test, donor, { chooseAfterHours: String(hours) });
			expect(item.chooseAfterHours).toBe(hours);
			const chooseAt = Date.parse(item.chooseAt!);
			expect(chooseAt).toBeGreaterThanOrEqual(before + hours * hour);
			expect(chooseAt).toBeLessThanOrEqual(Date.now() + hours * hour);
		}
	});

	it('starts the wait again when an edit chooses it, keeps it when unchanged, and ends it for first come', async () => {
		vi.useFakeTimers({ toFake: ['Date'] });
		const test = use();
		const donor = await newDonor(test);
		const item = await createItemFor(test, donor);
		const edit = async (hours: string | undefined) => {
			const response = await putItem(
				test,
				donor,
				item.id,
				validFields({ chooseAfterHours: hours }),
			);
			const body = await response.json();
			expect(response.status, JSON.stringify(body)).toBe(200);
			return body.data as { chooseAfterHours: number | null; chooseAt: string | null };
		};
		const chose = await edit('24');
		expect(chose.chooseAfterHours).toBe(24);
		const chooseAt = chose.chooseAt!;

		vi.setSystemTime(Date.now() + hour);
		expect(await edit('24')).toMatchObject({ chooseAfterHours: 24, chooseAt });
		expect(await edit(undefined)).toMatchObject({ chooseAfterHours: 24, chooseAt });
		const shorter = await edit('6');
		expect(Date.parse(shorter.chooseAt!)).toBe(Date.parse(chooseAt) - 24 * hour + hour + 6 * hour);
		expect(await edit('0')).toMatchObject({ chooseAfterHours: null, chooseAt: null });

		await expectError(
			await putItem(test, donor, item.id, validFields({ chooseAfterHours: '5' })),
			400,
			'VALIDATION_ERROR',
		);
		expect((await getItem(test, item.id))!.chooseAt).toBeNull();
	});

	it('refuses to reserve before the wait ends, naming when, and reserves after it', async () => {
		vi.useFakeTimers({ toFake: ['Date'] });
		vi.setSystemTime(new Date('2026-12-01T01:00:00Z'));
		const test = use();
		const donor = await newDonor(test);
		const first = await newReceiver(test);
		const second = await newReceiver(test, 'Citra Lestari');
		const item = await createItemFor(test, donor, { chooseAfterHours: '12', quantity: '1' });
		expect(item.chooseAt).toBe('2026-12-01T13:00:00.000Z');
		const asked = await ask(test, first, item.id);
		await ask(test, second, item.id);

		// Everyone sees when the donor will choose: the item, and each requester's own list.
		expect((await getItem(test, item.id))!.chooseAt).toBe(item.chooseAt);
		for (const receiver of [first, second]) {
			const [mine] = await requestsOf(test, receiver, item.id);
			expect(mine!.item.chooseAt).toBe(item.chooseAt);
		}

		const early = await changeFor(test, donor, asked.id, { action: 'reserve' }, 'en');
		expect(early.headers.get('Retry-After')).toBe(String(12 * 60 * 60));
		const error = await expectError(early, 409, 'CHOOSE_LATER');
		expect(error.message).toContain('1 December 2026 at 8:00 PM');
		const indonesian = await changeFor(test, donor, asked.id, { action: 'reserve' }, 'id');
		expect((await expectError(indonesian, 409, 'CHOOSE_LATER')).message).toContain(
			'1 Desember 2026 pukul 20.00',
		);
		expect((await requestsOf(test, first, item.id))[0]).toMatchObject({ state: 'open' });
		expect((await getItem(test, item.id))!.reservedQuantity).toBe(0);

		vi.setSystemTime(new Date('2026-12-01T12:59:00Z'));
		await expectError(
			await changeFor(test, donor, asked.id, { action: 'reserve' }),
			409,
			'CHOOSE_LATER',
		);
		vi.setSystemTime(new Date('2026-12-01T13:00:00Z'));
		expect(await act(test, donor, asked.id, 'reserve')).toMatchObject({ state: 'reserved' });
	});

	it('lets only the donor choose, and only once the wait is over', async () => {
		vi.useFakeTimers({ toFake: ['Date'] });
		const test = use();
		const donor = await newDonor(test);
		const receiver = await newReceiver(test);
		const member = await newReceiver(test, 'Citra Lestari');
		const moderator = await createModerator(test);
		const item = await createItemFor(test, donor, { chooseAfterHours: '6' });
		const request = await ask(test, receiver, item.id);
		const reserve = { action: 'reserve' } as const;

		for (const time of [Date.now(), Date.now() + 6 * hour + 1]) {
			vi.setSystemTime(time);
			for (const user of [receiver, member, moderator]) {
				await expectError(await changeFor(test, user, request.id, reserve), 403, 'FORBIDDEN');
			}
			await expectError(await changeFor(test, null, request.id, reserve), 401, 'UNAUTHORIZED');
		}
		// Editing the wait is the donor's too.
		for (const user of [receiver, member]) {
			await expectError(
				await putItem(test, user, item.id, validFields({ chooseAfterHours: '48' })),
				403,
				'FORBIDDEN',
			);
		}
		await expectError(
			await putItem(test, null, item.id, validFields({ chooseAfterHours: '48' })),
			401,
			'UNAUTHORIZED',
		);
		expect((await getItem(test, item.id))!.chooseAfterHours).toBe(6);
		expect(await act(test, donor, request.id, 'reserve')).toMatchObject({ state: 'reserved' });
	});

	it('takes no courier order before the wait ends: paid, it would reserve', async () => {
		vi.useFakeTimers({ toFake: ['Date'] });
		const test = use();
		const donor = await newDonor(test);
		const receiver = await newReceiver(test);
		const item = await createItemFor(test, donor, { chooseAfterHours: '6' });
		const early = await postOrder(test, receiver, item.id, await orderInput(test, item.id));
		const error = await expectError(early, 409, 'CHOOSE_LATER');
		expect(error.message).toContain('Pemberi akan memilih penerima pada');
		expect(await requestsOf(test, receiver, item.id)).toEqual([]);

		vi.setSystemTime(Date.parse(item.chooseAt!) + 60_000);
		expect(await orderFor(test, receiver, item.id)).toMatchObject({ state: 'awaitingPayment' });
	});

	it('tells the donor once when the wait ends and requests are waiting', async () => {
		const test = use();
		const donor = await newDonor(test);
		const receiver = await newReceiver(test);
		const item = await createItemFor(test, donor, { chooseAfterHours: '6' });
		await ask(test, receiver, item.id);
		await ask(test, await newReceiver(test, 'Citra Lestari'), item.id);
		// An item nobody asked for has nothing to tell.
		await createItemFor(test, donor, { chooseAfterHours: '6' });
		const bell = await notificationsOf(test, donor, 'en');
		const chooseAt = Date.parse(item.chooseAt!);

		await tellChoosingTime(test.server.db, new Date(chooseAt - 60_000));
		expect(await newNotifications(test, donor, bell)).toEqual([]);

		await tellChoosingTime(test.server.db, new Date(chooseAt + 60_000));
		await tellChoosingTime(test.server.db, new Date(chooseAt + 2 * hour));
		const told = await newNotifications(test, donor, bell);
		expect(told).toEqual([
			expect.objectContaining({
				kind: 'choosingTime',
				text: expect.stringContaining('2 requests are waiting'),
			}),
		]);
		const [indonesian] = (await notificationsOf(test, donor, 'id')).notifications;
		expect(indonesian!.text).toContain('2 permintaan menunggu');
		// The receiver hears nothing of it.
		expect((await notificationsOf(test, receiver)).notifications).toEqual([]);
	});

	it('shows the donor each requester’s record of 90 days and their hand-overs of 14 days', async () => {
		const test = use();
		const receiver = await newReceiver(test);
		await handOverTo(test, receiver);
		await handOverTo(test, receiver, 20 * day);
		await handOverTo(test, receiver, 100 * day);
		// A no-show: a reservation the donor declined because the receiver never came.
		const missed = await openRequestOf(test, receiver);
		await act(test, missed.donor, missed.request.id, 'reserve');
		await act(test, missed.donor, missed.request.id, {
			action: 'decline',
			reason: 'noShow',
		});
		const newcomer = await newReceiver(test, 'Citra Lestari');

		const donor = await newDonor(test);
		const item = await createItemFor(test, donor, { chooseAfterHours: '24' });
		await ask(test, receiver, item.id);
		await ask(test, newcomer, item.id);
		const listed = await requestsForItem(test, donor, item.id);
		const byName = Object.fromEntries(listed.map((request) => [request.receiver!.name, request]));
		expect(byName['Budi Santoso']!.receiver).toMatchObject({
			pickupsCompleted: 2,
			noShows: 1,
			recentlyReceived: 1,
		});
		expect(byName['Citra Lestari']!.receiver).toMatchObject({
			pickupsCompleted: 0,
			noShows: 0,
			recentlyReceived: 0,
		});
		// The receiver sees no record of themselves on their own list.
		expect((await requestsOf(test, receiver, item.id))[0]!.receiver).toBeUndefined();
	});
});

describeOnDatabases('At most 5 hand-overs to one receiver in 14 days', (use) => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it('refuses asking at the limit, naming it and the date it lifts, and stores nothing', async () => {
		vi.useFakeTimers({ toFake: ['Date'] });
		vi.setSystemTime(new Date('2026-12-01T03:00:00Z'));
		const test = use();
		const receiver = await newReceiver(test);
		await handOverTo(test, receiver, 10 * day);
		for (let given = 1; given < choosingLimits.receivedPerWindow; given++) {
			await handOverTo(test, receiver, day);
		}
		const donor = await newDonor(test);
		const item = await createItemFor(test, donor);

		const refused = await askFor(test, receiver, item.id, { quantity: 1 }, 'en');
		const error = await expectError(refused, 409, 'REQUEST_LIMIT');
		// The oldest hand-over, of 21 November, leaves the 14 days on 5 December.
		expect(error.message).toContain('received 5 items in the last 14 days');
		expect(error.message).toContain('5 December 2026');
		const indonesian = await askFor(test, receiver, item.id, { quantity: 1 }, 'id');
		expect((await expectError(indonesian, 409, 'REQUEST_LIMIT')).message).toContain(
			'5 Desember 2026',
		);
		expect(await requestsOf(test, receiver, item.id)).toEqual([]);
		expect(await requestsForItem(test, donor, item.id)).toEqual([]);

		vi.setSystemTime(new Date('2026-12-05T03:01:00Z'));
		expect(await ask(test, receiver, item.id)).toMatchObject({ state: 'open' });
	});

	it('counts reservations and hand-overs not yet confirmed, so a donor cannot reserve past it', async () => {
		const test = use();
		const receiver = await newReceiver(test);
		for (let given = 1; given < choosingLimits.receivedPerWindow; given++) {
			await handOverTo(test, receiver);
		}
		const waiting = await openRequestOf(test, receiver);
		const fifth = await openRequestOf(test, receiver);
		await act(test, fifth.donor, fifth.request.id, 'reserve');

		const refused = await changeFor(
			test,
			waiting.donor,
			waiting.request.id,
			{ action: 'reserve' },
			'en',
		);
		const error = await expectError(refused, 409, 'REQUEST_LIMIT');
		expect(error.message).toContain('This receiver has received 5 items in the last 14 days');
		expect((await requestsOf(test, receiver, waiting.item.id))[0]).toMatchObject({ state: 'open' });
		expect((await getItem(test, waiting.item.id))!.reservedQuantity).toBe(0);

		// The reservation ending frees its place.
		await act(test, fifth.donor, fifth.request.id, 'decline');
		expect(await act(test, waiting.donor, waiting.request.id, 'reserve')).toMatchObject({
			state: 'reserved',
		});
	});

	it('holds when several donors reserve for one receiver at once', async () => {
		const test = use();
		const receiver = await newReceiver(test);
		const given = choosingLimits.receivedPerWindow - 2;
		for (let count = 0; count < given; count++) await handOverTo(test, receiver);
		const asked = [];
		for (let count = 0; count < 4; count++) asked.push(await openRequestOf(test, receiver));

		const answers = await Promise.all(
			asked.map(({ donor, request }) => changeFor(test, donor, request.id, { action: 'reserve' })),
		);
		const statuses = answers.map((response) => response.status).sort();
		expect(statuses).toEqual([200, 200, 409, 409]);
		const reserved = (await requestsOf(test, receiver)).filter(
			(request) => request.state === 'reserved',
		);
		expect(reserved).toHaveLength(choosingLimits.receivedPerWindow - given);
	});
});
