import { expect, it } from 'vitest';
import { reservationUpkeep } from '~/app/maintenance';
import { requestLimits } from '~/config/limits';
import { getItem } from '../helpers/items';
import {
	act,
	type Giving,
	givingIn,
	newNotifications,
	notificationsOf,
	requestsForItem,
	requestsOf,
} from '../helpers/requests';
import { describeOnDatabases } from '../helpers/test-server';

const minute = 60_000;
const day = 24 * 60 * minute;

// Every test ends with its reservation expired, so the next one's upkeep finds only its own.
describeOnDatabases('Reservation upkeep', (use) => {
	const upkeepAt = (time: number) => reservationUpkeep(use().server, new Date(time));

	/** Both sides' notifications as they are now. */
	async function bellsOf(giving: Giving) {
		return {
			receiver: await notificationsOf(use(), giving.receiver),
			donor: await notificationsOf(use(), giving.donor),
		};
	}

	/** What each side of the giving was told since `bells` were read, in English. */
	async function toldSince(giving: Giving, bells: Awaited<ReturnType<typeof bellsOf>>) {
		return {
			receiver: await newNotifications(use(), giving.receiver, bells.receiver),
			donor: await newNotifications(use(), giving.donor, bells.donor),
		};
	}

	const expiring = (giving: Giving) => ({
		receiver: [
			expect.objectContaining({
				kind: 'reservationExpiring',
				text: 'Your reservation of Kursi kayu jati ends within a day. Pick it up soon.',
				path: '/my-requests',
			}),
		],
		donor: [
			expect.objectContaining({
				kind: 'reservationExpiring',
				text: 'The reservation of Kursi kayu jati ends within a day. Hand it over or extend it.',
				path: `/my-items/${giving.item.id}/requests`,
			}),
		],
	});

	it('warns both sides once, when less than a day of the reservation remains', async () => {
		const giving = await givingIn(use(), 'reserved');
		const end = Date.parse(giving.request.reservedUntil!);
		const bells = await bellsOf(giving);

		expect(await upkeepAt(end - day - minute)).toEqual({ expired: 0, warned: 0 });
		expect(await toldSince(giving, bells)).toEqual({ receiver: [], donor: [] });

		expect(await upkeepAt(end - day + minute)).toEqual({ expired: 0, warned: 1 });
		expect(await toldSince(giving, bells)).toEqual(expiring(giving));

		expect(await upkeepAt(end - minute)).toEqual({ expired: 0, warned: 0 });
		expect(await toldSince(giving, bells)).toEqual(expiring(giving));
		expect((await requestsOf(use(), giving.receiver))[0]!.state).toBe('reserved');

		expect(await upkeepAt(end + minute)).toEqual({ expired: 1, warned: 0 });
	});

	it('ends a reservation after 3 days: the quantity is free again, both sides are told, the receiver has a no-show', async () => {
		const giving = await givingIn(use(), 'reserved', { itemQuantity: 1 });
		const { donor, receiver, item, request } = giving;
		const end = Date.parse(request.reservedUntil!);
		expect(end - Date.parse(request.updatedAt)).toBe(requestLimits.reservationMs);
		expect(await getItem(use(), item.id)).toMatchObject({
			status: 'RESERVED',
			reservedQuantity: 1,
		});
		expect((await requestsForItem(use(), donor, item.id))[0]!.receiver).toMatchObject({
			noShows: 0,
		});
		await upkeepAt(end - day + minute);
		const bells = await bellsOf(giving);

		expect(await upkeepAt(end - minute)).toEqual({ expired: 0, warned: 0 });
		expect(await upkeepAt(end + minute)).toEqual({ expired: 1, warned: 0 });

		expect(await getItem(use(), item.id)).toMatchObject({
			status: 'AVAILABLE',
			quantity: 1,
			reservedQuantity: 0,
		});
		const [asReceiver] = await requestsOf(use(), receiver, item.id);
		expect(asReceiver).toMatchObject({ state: 'expired', actions: [] });
		const [asDonor] = await requestsForItem(use(), donor, item.id);
		expect(asDonor).toMatchObject({ state: 'expired', receiver: { noShows: 1 } });
		expect(await toldSince(giving, bells)).toEqual({
			receiver: [
				expect.objectContaining({
					kind: 'reservationExpired',
					text: 'Your reservation of Kursi kayu jati ended because it was not picked up.',
				}),
			],
			donor: [
				expect.objectContaining({
					kind: 'reservationExpired',
					text: 'The reservation of Kursi kayu jati ended and the item is available again.',
				}),
			],
		});
		expect(await upkeepAt(end + 2 * minute)).toEqual({ expired: 0, warned: 0 });
	});

	it('extends a reservation by 3 days, and warns again before the new end', async () => {
		const giving = await givingIn(use(), 'reserved');
		const end = Date.parse(giving.request.reservedUntil!);
		expect(await upkeepAt(end - day + minute)).toEqual({ expired: 0, warned: 1 });
		const bells = await bellsOf(giving);

		const extended = await act(use(), giving.donor, giving.request.id, 'extend');
		const newEnd = Date.parse(extended.reservedUntil!);
		expect(newEnd - end).toBe(requestLimits.reservationMs);
		expect((await toldSince(giving, bells)).receiver).toEqual([
			expect.objectContaining({
				kind: 'reservationExtended',
				text: 'Ani Wijaya extended your reservation of Kursi kayu jati.',
			}),
		]);

		expect(await upkeepAt(end + minute)).toEqual({ expired: 0, warned: 0 });
		expect((await requestsOf(use(), giving.receiver))[0]!.state).toBe('reserved');

		const extendedBells = await bellsOf(giving);
		expect(await upkeepAt(newEnd - day + minute)).toEqual({ expired: 0, warned: 1 });
		expect(await toldSince(giving, extendedBells)).toEqual(expiring(giving));

		expect(await upkeepAt(newEnd + minute)).toEqual({ expired: 1, warned: 0 });
		expect((await requestsOf(use(), giving.receiver))[0]!.state).toBe('expired');
	});
});
