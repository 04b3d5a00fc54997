import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { reservationUpkeep } from '~/app/maintenance';
import { pickupLimits, requestLimits } from '~/config/limits';
import { sendReminders } from '~/features/requests/request-reminders.server';
import type { ItemRequest } from '~/features/requests/requests';
import { expectError } from '../helpers/items';
import {
	act,
	changeFor,
	type Giving,
	givingIn,
	newNotifications,
	notificationsOf,
	requestsForItem,
	requestsOf,
} from '../helpers/requests';
import { describeOnDatabases, type TestServer, type TestUser } from '../helpers/test-server';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** 08.00 in Jakarta on a Tuesday. */
const start = new Date('2026-12-01T01:00:00Z');

/** Wednesday 16.00 to 18.00 in Jakarta, typed with Jakarta's offset. */
const wednesday = {
	pickupFrom: '2026-12-02T16:00:00+07:00',
	pickupUntil: '2026-12-02T18:00:00+07:00',
	pickupPlace: 'Depan masjid, Jl. Melati 5',
};
const wednesdayPickup = {
	from: '2026-12-02T09:00:00.000Z',
	until: '2026-12-02T11:00:00.000Z',
	place: 'Depan masjid, Jl. Melati 5',
};

function putPickup(test: TestServer, user: TestUser | null, id: number, body: unknown) {
	return test.request(`/requests/${id}/pickup`, {
		method: 'PUT',
		user,
		headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
		body: JSON.stringify(body),
	});
}

const calendarOf = (test: TestServer, user: TestUser | null, id: number, language = 'en') =>
	test.request(`/requests/${id}/pickup.ics`, { user, headers: { 'Accept-Language': language } });

describeOnDatabases('A pickup time agreed on a reservation', (use) => {
	beforeEach(() => {
		vi.useFakeTimers({ toFake: ['Date'] });
		vi.setSystemTime(start);
	});
	afterEach(() => vi.useRealTimers());

	/** The request as both sides see it in their lists. */
	async function bothSee(giving: Giving): Promise<[ItemRequest, ItemRequest]> {
		const [mine] = await requestsOf(use(), giving.receiver, giving.item.id);
		const forItem = await requestsForItem(use(), giving.donor, giving.item.id);
		return [mine!, forItem.find((request) => request.id === giving.request.id)!];
	}

	it('is agreed when reserving: both see it and the receiver is told the time and place', async () => {
		const test = use();
		const giving = await givingIn(test, 'open');
		const bell = await notificationsOf(test, giving.receiver);

		const reserved = await act(test, giving.donor, giving.request.id, {
			action: 'reserve',
			...wednesday,
		});
		expect(reserved).toMatchObject({ state: 'reserved', pickup: wednesdayPickup });
		const [receiverSees, donorSees] = await bothSee(giving);
		expect(receiverSees.pickup).toEqual(wednesdayPickup);
		expect(donorSees.pickup).toEqual(wednesdayPickup);
		expect(await newNotifications(test, giving.receiver, bell)).toEqual([
			expect.objectContaining({ kind: 'requestReserved' }),
			expect.objectContaining({
				kind: 'pickupSet',
				text: 'Ani Wijaya set the pickup time for Kursi kayu jati: Wed 2 Dec, 4:00 PM–6:00 PM (Jakarta time) at Depan masjid, Jl. Melati 5.',
				path: '/my-requests',
			}),
		]);
		expect((await notificationsOf(test, giving.receiver, 'id')).notifications[0]!.text).toBe(
			'Ani Wijaya mengatur waktu pengambilan Kursi kayu jati: Rab, 2 Des, 16.00–18.00 WIB di Depan masjid, Jl. Melati 5.',
		);
	});

	it('is added or changed later by the donor, who may leave the place out; the receiver is told', async () => {
		const test = use();
		const giving = await givingIn(test, 'reserved');
		expect(giving.request.pickup).toBeNull();
		const bell = await notificationsOf(test, giving.receiver);

		const response = await putPickup(test, giving.donor, giving.request.id, wednesday);
		expect(response.status).toBe(200);
		expect(((await response.json()) as { data: ItemRequest }).data.pickup).toEqual(wednesdayPickup);
		const changed = await putPickup(test, giving.donor, giving.request.id, {
			pickupFrom: '2026-12-03T10:00:00+07:00',
			pickupUntil: '2026-12-03T11:30:00+07:00',
		});
		expect(changed.status).toBe(200);
		const moved = {
			from: '2026-12-03T03:00:00.000Z',
			until: '2026-12-03T04:30:00.000Z',
			place: null,
		};
		const [receiverSees, donorSees] = await bothSee(giving);
		expect(receiverSees.pickup).toEqual(moved);
		expect(donorSees.pickup).toEqual(moved);
		expect((await newNotifications(test, giving.receiver, bell)).map(({ text }) => text)).toEqual([
			'Ani Wijaya set the pickup time for Kursi kayu jati: Wed 2 Dec, 4:00 PM–6:00 PM (Jakarta time) at Depan masjid, Jl. Melati 5.',
			'Ani Wijaya set the pickup time for Kursi kayu jati: Thu 3 Dec, 10:00 AM–11:30 AM (Jakarta time).',
		]);
		// The donor, who set it, is not told.
		expect(
			(await notificationsOf(test, giving.donor)).notifications.map(({ kind }) => kind),
		).not.toContain('pickupSet');
	});

	it('refuses a bad time or place with a clear reason and stores nothing', async () => {
		const test = use();
		const giving = await givingIn(test, 'reserved');
		const inHours = (hours: number) => new Date(start.getTime() + hours * hour).toISOString();
		const refusals: [Record<string, unknown>, Record<string, string>][] = [
			[
				{ pickupFrom: inHours(-1), pickupUntil: inHours(1) },
				{ pickupFrom: 'pickup.errors.pickupPast' },
			],
			[
				{ pickupFrom: inHours(3), pickupUntil: inHours(2) },
				{ pickupUntil: 'pickup.errors.pickupEndBeforeStart' },
			],
			[
				{ pickupFrom: inHours(3), pickupUntil: inHours(3) },
				{ pickupUntil: 'pickup.errors.pickupEndBeforeStart' },
			],
			[
				{ pickupFrom: inHours(15 * 24), pickupUntil: inHours(15 * 24 + 1) },
				{ pickupFrom: 'pickup.errors.pickupTooFar' },
			],
			[
				{ pickupFrom: inHours(2), pickupUntil: inHours(15) },
				{ pickupUntil: 'pickup.errors.pickupTooLong' },
			],
			[
				{ ...wednesday, pickupPlace: 'x'.repeat(pickupLimits.placeMax + 1) },
				{ pickupPlace: 'pickup.errors.pickupPlaceTooLong' },
			],
			[{ pickupFrom: wednesday.pickupFrom }, { pickupUntil: 'pickup.errors.pickupTimeMissing' }],
			[
				{ pickupFrom: 'tomorrow', pickupUntil: wednesday.pickupUntil },
				{ pickupFrom: 'pickup.errors.pickupTimeInvalid' },
			],
			[
				{ pickupFrom: 5, pickupUntil: wednesday.pickupUntil, pickupPlace: 7 },
				{
					pickupFrom: 'pickup.errors.pickupTimeInvalid',
					pickupPlace: 'pickup.errors.pickupPlaceTooLong',
				},
			],
		];
		for (const [body, fields] of refusals) {
			await expectError(
				await putPickup(test, giving.donor, giving.request.id, body),
				400,
				'VALIDATION_ERROR',
				fields,
			);
		}
		// A reservation refused for its pickup time is not made either.
		const open = await givingIn(test, 'open');
		await expectError(
			await changeFor(
				test,
				open.donor,
				open.request.id,
				{ action: 'reserve', pickupFrom: inHours(-2), pickupUntil: inHours(-1) },
				'en',
			),
			400,
			'VALIDATION_ERROR',
			{ pickupFrom: 'pickup.errors.pickupPast' },
		);
		await expectError(
			await changeFor(
				test,
				open.donor,
				open.request.id,
				{ action: 'reserve', pickupPlace: 'Rumah' },
				'en',
			),
			400,
			'VALIDATION_ERROR',
			{ pickupFrom: 'pickup.errors.pickupTimeMissing' },
		);
		expect((await requestsOf(test, open.receiver, open.item.id))[0]).toMatchObject({
			state: 'open',
			pickup: null,
		});
		// Another step does not carry one.
		await expectError(
			await changeFor(test, giving.donor, giving.request.id, { action: 'extend', ...wednesday }),
			400,
			'VALIDATION_ERROR',
			{ pickupFrom: 'pickup.errors.pickupOnlyReserving' },
		);
		expect((await bothSee(giving))[0].pickup).toBeNull();
	});

	it('may be set only by the donor, only on a reservation for pickup', async () => {
		const test = use();
		const giving = await givingIn(test, 'reserved');
		const stranger = await test.createUser({ complete: true });
		const refused = await expectError(
			await putPickup(test, giving.receiver, giving.request.id, wednesday),
			403,
			'FORBIDDEN',
		);
		expect(refused.message).toBe('Only the donor can set the pickup time.');
		await expectError(
			await putPickup(test, stranger, giving.request.id, wednesday),
			404,
			'NOT_FOUND',
		);
		await expectError(
			await putPickup(test, null, giving.request.id, wednesday),
			401,
			'UNAUTHORIZED',
		);
		await expectError(
			await putPickup(test, giving.donor, 999_999_999, wednesday),
			404,
			'NOT_FOUND',
		);
		await expectError(
			await putPickup(test, giving.donor, Number('0'), wednesday),
			404,
			'NOT_FOUND',
		);
		for (const state of ['open', 'handedOver', 'declined'] as const) {
			const other = await givingIn(test, state);
			const conflict = await expectError(
				await putPickup(test, other.donor, other.request.id, wednesday),
				409,
				'REQUEST_CONFLICT',
			);
			expect(conflict.message).toBe(
				'A pickup time can only be set on a request reserved for pickup in person.',
			);
		}
		expect((await bothSee(giving))[0].pickup).toBeNull();
	});

	it('is a calendar file for the donor and the receiver only, in UTC, with the item and place', async () => {
		const test = use();
		const giving = await givingIn(test, 'reserved');
		await expectError(await calendarOf(test, giving.receiver, giving.request.id), 404, 'NOT_FOUND');
		expect((await putPickup(test, giving.donor, giving.request.id, wednesday)).status).toBe(200);

		for (const [user, path] of [
			[giving.receiver, '/en/my-requests'],
			[giving.donor, `/en/my-items/${giving.item.id}/requests`],
		] as const) {
			const response = await calendarOf(test, user, giving.request.id);
			expect(response.status).toBe(200);
			expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
			const file = await response.text();
			const unfolded = file.replace(/\r\n /g, '');
			expect(file).toMatch(
				/^BEGIN:VCALENDAR\r\n[\s\S]*BEGIN:VEVENT\r\n[\s\S]*END:VEVENT\r\nEND:VCALENDAR\r\n$/,
			);
			expect(file.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(
				true,
			);
			expect(unfolded).toContain(`\r\nUID:pickup-${giving.request.id}@`);
			expect(unfolded).toMatch(/\r\nDTSTAMP:20261201T010000Z\r\n/);
			expect(unfolded).toContain('\r\nDTSTART:20261202T090000Z\r\nDTEND:20261202T110000Z\r\n');
			expect(unfolded).toContain('\r\nSUMMARY:Pick up Kursi kayu jati (Hibahin)\r\n');
			expect(unfolded).toContain('\r\nLOCATION:Depan masjid\\, Jl. Melati 5\r\n');
			expect(unfolded).toContain(`${path}\r\n`);
			expect(unfolded).toMatch(/\r\nDESCRIPTION:Agreed pickup time: Wed 2 Dec\\, 4:00 PM–6:00 PM/);
			// No phone number is written in it.
			expect(unfolded).not.toMatch(/\+62/);
		}
		const indonesian = (
			await (await calendarOf(test, giving.receiver, giving.request.id, 'id')).text()
		).replace(/\r\n /g, '');
		expect(indonesian).toContain('\r\nSUMMARY:Ambil Kursi kayu jati (Hibahin)\r\n');

		const stranger = await test.createUser({ complete: true });
		await expectError(await calendarOf(test, stranger, giving.request.id), 404, 'NOT_FOUND');
		await expectError(await calendarOf(test, null, giving.request.id), 404, 'NOT_FOUND');
		await expectError(await calendarOf(test, giving.donor, 999_999_999), 404, 'NOT_FOUND');
		await expectError(await calendarOf(test, giving.donor, Number.NaN), 404, 'NOT_FOUND');
	});

	it('moves the hand-over reminder to two hours before the window, naming its time and place', async () => {
		const test = use();
		const giving = await givingIn(test, 'reserved');
		// Three days ahead, after the usual reminder two days into the reservation.
		const pickup = {
			pickupFrom: '2026-12-04T16:00:00+07:00',
			pickupUntil: '2026-12-04T17:00:00+07:00',
			pickupPlace: 'Pos satpam',
		};
		expect((await putPickup(test, giving.donor, giving.request.id, pickup)).status).toBe(200);
		const bells = {
			donor: await notificationsOf(test, giving.donor),
			receiver: await notificationsOf(test, giving.receiver),
		};
		const reminders = async (side: 'donor' | 'receiver', language = 'en') =>
			(await newNotifications(test, giving[side], bells[side], language)).filter(
				({ kind }) => kind === 'handOverDue',
			);
		const due = Date.parse(pickup.pickupFrom) - pickupLimits.remindBeforeMs;

		await sendReminders(test.server.db, new Date(start.getTime() + 2 * day + minute));
		await sendReminders(test.server.db, new Date(due - minute));
		expect(await reminders('receiver')).toEqual([]);
		expect(await reminders('donor')).toEqual([]);

		await sendReminders(test.server.db, new Date(due + minute));
		await sendReminders(test.server.db, new Date(due + 30 * minute));
		expect((await reminders('receiver')).map(({ text }) => text)).toEqual([
			'Reminder: pick up Kursi kayu jati from Ani Wijaya on Fri 4 Dec, 4:00 PM–5:00 PM (Jakarta time) at Pos satpam.',
		]);
		expect((await reminders('donor')).map(({ text }) => text)).toEqual([
			'Reminder: Budi Santoso picks up Kursi kayu jati on Fri 4 Dec, 4:00 PM–5:00 PM (Jakarta time) at Pos satpam. Then mark it handed over.',
		]);
		expect((await reminders('receiver', 'id')).map(({ text }) => text)).toEqual([
			'Pengingat: ambil Kursi kayu jati dari Ani Wijaya pada Jum, 4 Des, 16.00–17.00 WIB di Pos satpam.',
		]);
	});

	it('reminds again before a time changed after the reminder was sent', async () => {
		const test = use();
		const giving = await givingIn(test, 'reserved');
		expect((await putPickup(test, giving.donor, giving.request.id, wednesday)).status).toBe(200);
		const bell = await notificationsOf(test, giving.receiver);
		await sendReminders(test.server.db, new Date(Date.parse(wednesday.pickupFrom) - hour));
		vi.setSystemTime(Date.parse(wednesday.pickupFrom) - 30 * minute);
		const later = {
			pickupFrom: '2026-12-05T09:00:00+07:00',
			pickupUntil: '2026-12-05T10:00:00+07:00',
		};
		expect((await putPickup(test, giving.donor, giving.request.id, later)).status).toBe(200);
		await sendReminders(
			test.server.db,
			new Date(Date.parse(later.pickupFrom) - pickupLimits.remindBeforeMs + minute),
		);
		expect(
			(await newNotifications(test, giving.receiver, bell))
				.filter(({ kind }) => kind === 'handOverDue')
				.map(({ text }) => text),
		).toEqual([
			'Reminder: pick up Kursi kayu jati from Ani Wijaya on Wed 2 Dec, 4:00 PM–6:00 PM (Jakarta time) at Depan masjid, Jl. Melati 5.',
			'Reminder: pick up Kursi kayu jati from Ani Wijaya on Sat 5 Dec, 9:00 AM–10:00 AM (Jakarta time).',
		]);
	});

	it('keeps the reservation until its window ends, then lets it expire', async () => {
		const test = use();
		const giving = await givingIn(test, 'open');
		const usualEnd = start.getTime() + requestLimits.reservationMs;
		const pickup = {
			pickupFrom: new Date(usualEnd + 2 * hour).toISOString(),
			pickupUntil: new Date(usualEnd + 5 * hour).toISOString(),
		};
		const reserved = await act(test, giving.donor, giving.request.id, {
			action: 'reserve',
			...pickup,
		});
		expect(reserved.reservedUntil).toBe(pickup.pickupUntil);

		await reservationUpkeep(test.server, new Date(usualEnd + minute));
		await reservationUpkeep(test.server, new Date(Date.parse(pickup.pickupUntil) - minute));
		expect((await requestsOf(test, giving.receiver, giving.item.id))[0]!.state).toBe('reserved');
		await reservationUpkeep(test.server, new Date(Date.parse(pickup.pickupUntil) + minute));
		expect((await requestsOf(test, giving.receiver, giving.item.id))[0]).toMatchObject({
			state: 'expired',
			pickup: null,
		});

		// Set later, a window past the reservation's end extends it the same way; one within it does not.
		const other = await givingIn(test, 'reserved');
		const within = {
			pickupFrom: new Date(start.getTime() + hour).toISOString(),
			pickupUntil: new Date(start.getTime() + 2 * hour).toISOString(),
		};
		await putPickup(test, other.donor, other.request.id, within);
		expect((await bothSee(other))[0].reservedUntil).toBe(other.request.reservedUntil);
		const beyond = {
			pickupFrom: new Date(usualEnd + day).toISOString(),
			pickupUntil: new Date(usualEnd + day + hour).toISOString(),
		};
		await putPickup(test, other.donor, other.request.id, beyond);
		expect((await bothSee(other))[0].reservedUntil).toBe(beyond.pickupUntil);
	});
});
