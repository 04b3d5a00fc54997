import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { deliveryLimits, deliveryRetryDelay } from '~/config/limits';
import type {
	Channel,
	Delivery,
	DeliveryResult,
} from '~/features/notifications/delivery/channels.server';
import { sendDueNotifications } from '~/features/notifications/delivery/outbox.server';
import { updateNotificationSettings } from '~/features/notifications/notification-settings.server';
import type { DeliveryChannel } from '~/features/notifications/notifications';
import { markNotificationsRead, notify } from '~/features/notifications/notifications.server';
import { notificationOutbox, notifications } from '~/server/db/schema';
import { givingIn } from '../helpers/requests';
import { describeOnDatabases, type TestServer, type TestUser } from '../helpers/test-server';

const minute = 60_000;
const hour = 60 * minute;

/** A moment in Jakarta (UTC+7), written as its local time. */
const jakarta = (local: string) => new Date(`${local}+07:00`);

/**
 * A channel that keeps what it was given: the outbox is tested here on its own, each real
 * channel with its real peer in its own suite. `answer` decides each delivery's result.
 */
function recordingChannel(
	name: DeliveryChannel,
	answer: (delivery: Delivery) => DeliveryResult = () => ({ outcome: 'sent' }),
) {
	const batches: Delivery[][] = [];
	const channel: Channel = {
		name,
		deliver: async (deliveries) => {
			batches.push(deliveries);
			return deliveries.map(answer);
		},
	};
	return {
		channel,
		batches,
		/** What `user` was sent, in order. */
		to: (user: TestUser) => batches.flat().filter((delivery) => delivery.userId === user.id),
	};
}

/** Tells `user` something that matters only to this test. */
async function tell(test: TestServer, user: TestUser, kind: 'requestCreated' | 'savedSearchMatch') {
	await test.server.db.transaction((tx) =>
		notify(tx, {
			userId: user.id,
			kind,
			itemId: null,
			data: { item: 'Kursi kayu jati', name: 'Budi Santoso', count: 1, label: 'Kursi' },
		}),
	);
}

async function outboxOf(test: TestServer, user: TestUser) {
	return test.server.db
		.select()
		.from(notificationOutbox)
		.where(eq(notificationOutbox.userId, user.id))
		.orderBy(notificationOutbox.id);
}

describeOnDatabases('The notification outbox', (use) => {
	it('delivers a new request to the donor by push and by mail once, in their language', async () => {
		const push = recordingChannel('push');
		const email = recordingChannel('email');
		const giving = await givingIn(use(), 'open');
		await updateNotificationSettings(use().server.db, giving.donor.id, {
			language: 'en',
			quietHours: null,
		});
		await sendDueNotifications(use().server.db, [push.channel, email.channel]);
		await sendDueNotifications(use().server.db, [push.channel, email.channel]);
		const expected = expect.objectContaining({
			kind: 'requestCreated',
			eventKind: 'requests',
			language: 'en',
			text: expect.stringContaining('Kursi kayu jati'),
			path: `/my-items/${giving.item.id}/requests`,
			digest: false,
		});
		expect(push.to(giving.donor)).toEqual([expected]);
		expect(email.to(giving.donor)).toEqual([expected]);
		expect((await outboxOf(use(), giving.donor)).map((row) => row.outcome)).toEqual([
			'sent',
			'sent',
		]);
	});

	it('writes nothing to send when the change that told it is rolled back', async () => {
		const user = await use().createUser();
		await expect(
			use().server.db.transaction(async (tx) => {
				await notify(tx, { userId: user.id, kind: 'requestCreated', itemId: null, data: {} });
				throw new Error('the change failed');
			}),
		).rejects.toThrow('the change failed');
		expect(await outboxOf(use(), user)).toEqual([]);
	});

	it('sends nothing by a channel the person turned off for that kind of event', async () => {
		const push = recordingChannel('push');
		const email = recordingChannel('email');
		const user = await use().createUser();
		await updateNotificationSettings(use().server.db, user.id, {
			channels: { requests: { email: false } },
			quietHours: null,
		});
		await tell(use(), user, 'requestCreated');
		await sendDueNotifications(use().server.db, [push.channel, email.channel]);
		expect(push.to(user)).toHaveLength(1);
		expect(email.to(user)).toEqual([]);
		expect((await outboxOf(use(), user)).map((row) => row.outcome)).toEqual(['sent', 'skipped']);
	});

	it('holds push during quiet hours and sends it when they end; mail is not held', async () => {
		const push = recordingChannel('push');
		const email = recordingChannel('email');
		const user = await use().createUser();
		await updateNotificationSettings(use().server.db, user.id, {
			quietHours: { start: '21:00', end: '07:00' },
		});
		await tell(use(), user, 'requestCreated');
		const night = jakarta('2099-01-01T23:30');
		const round = await sendDueNotifications(use().server.db, [push.channel, email.channel], night);
		expect(round.deferred).toBeGreaterThanOrEqual(1);
		expect(push.to(user)).toEqual([]);
		expect(email.to(user)).toHaveLength(1);
		const [pushRow] = (await outboxOf(use(), user)).filter((row) => row.channel === 'push');
		expect(pushRow).toMatchObject({ dueAt: jakarta('2099-01-02T07:00'), doneAt: null });

		await sendDueNotifications(use().server.db, [push.channel], jakarta('2099-01-02T06:59'));
		expect(push.to(user)).toEqual([]);
		await sendDueNotifications(use().server.db, [push.channel], jakarta('2099-01-02T07:00'));
		expect(push.to(user)).toHaveLength(1);
	});

	it('mails saved-search matches at the next 08:00 Jakarta time, leaving out what was read', async () => {
		const email = recordingChannel('email');
		const user = await use().createUser();
		await tell(use(), user, 'savedSearchMatch');
		await tell(use(), user, 'savedSearchMatch');
		const rows = (await outboxOf(use(), user)).filter((row) => row.channel === 'email');
		const dueAt = rows[0]!.dueAt;
		expect(dueAt.getTime()).toBeGreaterThan(Date.now());
		expect(dueAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * hour);
		expect((dueAt.getTime() / minute + 7 * 60) % (24 * 60)).toBe(8 * 60);

		await sendDueNotifications(use().server.db, [email.channel], new Date(dueAt.getTime() - 1));
		expect(email.to(user)).toEqual([]);
		const [firstRead] = await use()
			.server.db.select({ id: notifications.id })
			.from(notifications)
			.where(eq(notifications.userId, user.id))
			.orderBy(notifications.id)
			.limit(1);
		await markNotificationsRead(use().server.db, user.id, [firstRead!.id]);
		await sendDueNotifications(use().server.db, [email.channel], dueAt);
		expect(email.to(user)).toEqual([
			expect.objectContaining({ kind: 'savedSearchMatch', digest: true }),
		]);
		expect(email.batches.find((batch) => batch[0]?.userId === user.id)).toHaveLength(1);
	});

	it('tries a failed delivery again later, only where it did not arrive, and gives up in the end', async () => {
		const user = await use().createUser();
		await updateNotificationSettings(use().server.db, user.id, { quietHours: null });
		const push = recordingChannel('push', (delivery) =>
			delivery.userId === user.id
				? { outcome: 'retry', deliveredTo: [`https://push.example/${delivery.attempts}`] }
				: { outcome: 'sent' },
		);
		await tell(use(), user, 'requestCreated');
		let now = new Date(Date.now() + minute);
		for (let attempt = 1; attempt <= deliveryLimits.maxAttempts; attempt++) {
			await sendDueNotifications(use().server.db, [push.channel], now);
			const [row] = (await outboxOf(use(), user)).filter((entry) => entry.channel === 'push');
			if (attempt < deliveryLimits.maxAttempts) {
				expect(row).toMatchObject({ attempts: attempt, outcome: null });
				expect(row!.dueAt.getTime() - now.getTime()).toBe(deliveryRetryDelay(attempt));
				expect(row!.deliveredTo).toHaveLength(attempt);
				// Not again before its time.
				await sendDueNotifications(
					use().server.db,
					[push.channel],
					new Date(row!.dueAt.getTime() - 1),
				);
				expect(push.to(user)).toHaveLength(attempt);
				now = row!.dueAt;
			} else {
				expect(row).toMatchObject({ outcome: 'failed', doneAt: now });
			}
		}
		expect(push.to(user).map((delivery) => delivery.deliveredTo.length)).toEqual(
			Array.from({ length: deliveryLimits.maxAttempts }, (_, index) => index),
		);
	});

	it('hands each delivery to one of several senders running at once', async () => {
		const people = await Promise.all(Array.from({ length: 6 }, () => use().createUser()));
		for (const person of people) {
			await updateNotificationSettings(use().server.db, person.id, { quietHours: null });
			for (let count = 0; count < 10; count++) await tell(use(), person, 'requestCreated');
		}
		const push = recordingChannel('push');
		const now = new Date(Date.now() + minute);
		for (let round = 0; round < 3; round++) {
			await Promise.all(
				Array.from({ length: 4 }, () => sendDueNotifications(use().server.db, [push.channel], now)),
			);
		}
		const ids = new Set(people.map((person) => person.id));
		const sent = push.batches.flat().filter((delivery) => ids.has(delivery.userId));
		expect(sent).toHaveLength(60);
		expect(new Set(sent.map((delivery) => delivery.outboxId)).size).toBe(60);
		const rows = await use()
			.server.db.select()
			.from(notificationOutbox)
			.where(inArray(notificationOutbox.userId, [...ids]));
		expect(
			rows.filter((row) => row.channel === 'push').every((row) => row.outcome === 'sent'),
		).toBe(true);
	});
});
