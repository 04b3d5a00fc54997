import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { reservationUpkeep } from '~/app/maintenance';
import { reminderLimits, requestLimits } from '~/config/limits';
import { sendReminders } from '~/features/requests/request-reminders.server';
import type { RequestState } from '~/features/requests/requests';
import { itemRequests } from '~/server/db/schema';
import { act, type Giving, givingIn, newNotifications, notificationsOf } from '../helpers/requests';
import { describeOnDatabases } from '../helpers/test-server';

const minute = 60_000;
const day = 24 * 60 * minute;

describeOnDatabases('Reminders that close a giving', (use) => {
	const remindAt = (time: number) => sendReminders(use().server.db, new Date(time));

	/** What each side of the giving was told since it started, oldest first, in `language`. */
	async function told(giving: Giving, language = 'en') {
		const none = { unread: 0, notifications: [] };
		const since = async (user: Giving['donor']) =>
			(await newNotifications(use(), user, none, language)).filter((notification) =>
				['requestUnanswered', 'handOverDue', 'confirmReminder'].includes(notification.kind),
			);
		return { donor: await since(giving.donor), receiver: await since(giving.receiver) };
	}

	/** When the request's step of `column` was taken, as stored. */
	async function timeOf(giving: Giving, column: 'createdAt' | 'reservedAt' | 'handedOverAt') {
		const [row] = await use()
			.server.db.select({ at: itemRequests[column] })
			.from(itemRequests)
			.where(eq(itemRequests.id, giving.request.id));
		return row!.at!.getTime();
	}

	const unanswered = (giving: Giving) =>
		expect.objectContaining({
			kind: 'requestUnanswered',
			text: 'Budi Santoso asked for Kursi kayu jati a day ago and is still waiting for your answer.',
			path: `/my-items/${giving.item.id}/requests`,
		});

	it('reminds the donor of a request unanswered for a day, once', async () => {
		const giving = await givingIn(use(), 'open');
		const due = (await timeOf(giving, 'createdAt')) + reminderLimits.unansweredMs;

		await remindAt(due - minute);
		expect(await told(giving)).toEqual({ donor: [], receiver: [] });

		await remindAt(due + minute);
		expect(await told(giving)).toEqual({ donor: [unanswered(giving)], receiver: [] });

		await remindAt(due + 2 * day);
		expect(await told(giving)).toEqual({ donor: [unanswered(giving)], receiver: [] });
	});

	it.each<RequestState>(['reserved', 'declined', 'withdrawn', 'confirmed', 'expired'])(
		'sends no reminder for a request %s before its time',
		async (state) => {
			const giving = await givingIn(use(), state);
			// Long enough for every reminder, short of the second reminder to confirm.
			await remindAt((await timeOf(giving, 'createdAt')) + 2 * day + minute);
			// A reservation never extended meets its expiry warning then: no reminder of its own.
			expect(await told(giving)).toEqual({ donor: [], receiver: [] });
		},
	);

	it('reminds both sides of a reservation not handed over two days after it was made, once', async () => {
		const giving = await givingIn(use(), 'reserved');
		// Extended, the reservation is far from its expiry warning two days in.
		await act(use(), giving.donor, giving.request.id, 'extend');
		const due = (await timeOf(giving, 'reservedAt')) + reminderLimits.handOverDueMs;

		await remindAt(due - minute);
		expect(await told(giving)).toEqual({ donor: [], receiver: [] });

		await remindAt(due + minute);
		await remindAt(due + day);
		const expected = {
			donor: [
				expect.objectContaining({
					kind: 'handOverDue',
					text: 'Kursi kayu jati has been reserved for Budi Santoso for two days and is not handed over yet. Arrange the pickup on WhatsApp, then mark it handed over.',
					path: `/my-items/${giving.item.id}/requests`,
				}),
			],
			receiver: [
				expect.objectContaining({
					kind: 'handOverDue',
					text: 'Kursi kayu jati from Ani Wijaya has been reserved for you for two days. Arrange the pickup on WhatsApp.',
					path: '/my-requests',
				}),
			],
		};
		expect(await told(giving)).toEqual(expected);
		expect(await told(giving, 'id')).toEqual({
			donor: [
				expect.objectContaining({
					text: 'Kursi kayu jati sudah dua hari disisihkan untuk Budi Santoso tapi belum diserahkan. Atur pengambilannya lewat WhatsApp, lalu tandai sudah diserahkan.',
				}),
			],
			receiver: [
				expect.objectContaining({
					text: 'Kursi kayu jati dari Ani Wijaya sudah dua hari disisihkan untukmu. Atur pengambilannya lewat WhatsApp, ya.',
				}),
			],
		});
	});

	it.each(['before', 'after'])(
		'leaves the moment of the expiry warning to it alone, the reminders running %s it',
		async (order) => {
			const giving = await givingIn(use(), 'reserved');
			const due = (await timeOf(giving, 'reservedAt')) + reminderLimits.handOverDueMs;
			expect(Date.parse(giving.request.reservedUntil!) - requestLimits.expiryWarningMs).toBe(due);
			const bells = await notificationsOf(use(), giving.receiver);
			const upkeep = () => reservationUpkeep(use().server, new Date(due + minute));
			if (order === 'after') await upkeep();
			await remindAt(due + minute);
			if (order === 'before') await upkeep();
			await remindAt(due + 10 * minute);

			expect(await told(giving)).toEqual({ donor: [], receiver: [] });
			expect(
				(await newNotifications(use(), giving.receiver, bells)).map(({ kind }) => kind),
			).toEqual(['reservationExpiring']);
		},
	);

	/** The reminder to confirm, as the receiver's bell shows it in English. */
	const confirmReminder = expect.objectContaining({
		kind: 'confirmReminder',
		text: 'Did you receive Kursi kayu jati from Ani Wijaya? Confirm it with one tap.',
		path: expect.stringMatching(/^\/confirm\/\d+\.[\w-]{43}$/),
	});

	it('reminds the receiver to confirm a hand-over a day after it and again three days after', async () => {
		const giving = await givingIn(use(), 'handedOver');
		const handedOver = await timeOf(giving, 'handedOverAt');
		const first = handedOver + reminderLimits.firstConfirmMs;
		const second = handedOver + reminderLimits.secondConfirmMs;

		await remindAt(first - minute);
		expect(await told(giving)).toEqual({ donor: [], receiver: [] });

		await remindAt(first + minute);
		await remindAt(second - minute);
		expect(await told(giving)).toEqual({ donor: [], receiver: [confirmReminder] });

		await remindAt(second + minute);
		await remindAt(second + day);
		const reminders = await told(giving);
		expect(reminders).toEqual({ donor: [], receiver: [confirmReminder, confirmReminder] });
		// Both lead to the same link.
		expect(reminders.receiver[0]!.path).toBe(reminders.receiver[1]!.path);
		expect((await told(giving, 'id')).receiver[0]).toMatchObject({
			text: 'Sudah terima Kursi kayu jati dari Ani Wijaya? Konfirmasi dengan sekali ketuk.',
		});
	});

	it('sends a round that comes late only the latest reminder, and none past the time to confirm', async () => {
		const late = await givingIn(use(), 'handedOver');
		const lateHandOver = await timeOf(late, 'handedOverAt');
		await remindAt(lateHandOver + reminderLimits.secondConfirmMs + day);
		expect(await told(late)).toEqual({ donor: [], receiver: [confirmReminder] });

		const over = await givingIn(use(), 'handedOver');
		await remindAt((await timeOf(over, 'handedOverAt')) + requestLimits.confirmWithinMs + minute);
		expect(await told(over)).toEqual({ donor: [], receiver: [] });
	});

	it('sends no reminder to confirm a hand-over confirmed or disputed in time', async () => {
		const confirmed = await givingIn(use(), 'handedOver');
		await act(use(), confirmed.receiver, confirmed.request.id, 'confirm');
		const disputed = await givingIn(use(), 'handedOver');
		await act(use(), disputed.receiver, disputed.request.id, 'dispute');

		await remindAt((await timeOf(disputed, 'createdAt')) + reminderLimits.secondConfirmMs + minute);
		expect(await told(confirmed)).toEqual({ donor: [], receiver: [] });
		expect(await told(disputed)).toEqual({ donor: [], receiver: [] });
	});

	it('sends each reminder once when two rounds run at the same time', async () => {
		const giving = await givingIn(use(), 'open');
		const due = (await timeOf(giving, 'createdAt')) + reminderLimits.unansweredMs + minute;
		await Promise.all([remindAt(due), remindAt(due), remindAt(due)]);
		expect(await told(giving)).toEqual({ donor: [unanswered(giving)], receiver: [] });
	});

	it('tells the donor in Indonesian too', async () => {
		const giving = await givingIn(use(), 'open');
		await remindAt((await timeOf(giving, 'createdAt')) + reminderLimits.unansweredMs + minute);
		expect((await told(giving, 'id')).donor).toEqual([
			expect.objectContaining({
				text: 'Budi Santoso meminta 1 Kursi kayu jati sejak kemarin dan masih menunggu jawabanmu.',
			}),
		]);
	});
});
