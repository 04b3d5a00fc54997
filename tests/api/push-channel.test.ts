import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Delivery } from '~/features/notifications/delivery/channels.server';
import { eventKindOf, type NotificationKind } from '~/features/notifications/notifications';
import { pushChannel } from '~/features/notifications/push/push-channel.server';
import { pushSubscriptions } from '~/server/db/schema';
import { metrics } from '~/server/metrics';
import { type PushReceiver, startPushReceiver } from '../helpers/push-receiver';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

let receiver: PushReceiver;
beforeAll(async () => {
	receiver = await startPushReceiver();
});
afterAll(() => receiver.close());

let notificationId = 1000;

/** A delivery as the outbox hands it over. */
function delivery(user: TestUser, overrides: Partial<Delivery> = {}): Delivery {
	notificationId += 1;
	const kind: NotificationKind = overrides.kind ?? 'requestCreated';
	return {
		outboxId: notificationId,
		notificationId,
		userId: user.id,
		kind,
		eventKind: eventKindOf(kind),
		language: 'id',
		text: 'Dewi meminta 1 Kursi lipat.',
		path: '/my-items/7/requests',
		digest: false,
		attempts: 0,
		deliveredTo: [],
		createdAt: new Date(),
		...overrides,
	};
}

async function counter(name: string, labels: Record<string, string> = {}): Promise<number> {
	const values = (await metrics.getSingleMetric(name)?.get())?.values ?? [];
	return values
		.filter((value) => Object.entries(labels).every(([key, v]) => value.labels[key] === v))
		.reduce((sum, value) => sum + value.value, 0);
}

describeOnDatabases(
	'The push channel',
	(use) => {
		const channel = () => pushChannel(use().server);
		const received = (id: string) =>
			receiver.received.filter((message) => message.subscriptionId === id);

		async function personWithDevices(count: number) {
			const user = await use().createUser();
			const devices = Array.from({ length: count }, () => receiver.subscribe());
			for (const device of devices) {
				const response = await use().request('/push/subscriptions', {
					method: 'POST',
					user,
					headers: { 'Content-Type': 'application/json' },
					body: JSON.stringify(device),
				});
				expect(response.status).toBe(201);
			}
			return { user, devices };
		}

		it('sends every device the notification, encrypted and signed, in the person’s language', async () => {
			const { user, devices } = await personWithDevices(2);
			const english = delivery(user, {
				language: 'en',
				kind: 'requestReserved',
				text: 'Folding chair is reserved for you. Arrange the pickup on WhatsApp.',
				path: '/my-requests',
			});
			const sentBefore = await counter('hibahin_push_sent_total');
			expect(await channel().deliver([english])).toEqual([{ outcome: 'sent' }]);
			for (const device of devices) {
				expect(received(device.id)).toEqual([
					{
						subscriptionId: device.id,
						topic: `n${english.notificationId.toString(36)}`,
						urgency: 'high',
						ttl: 86_400,
						payload: {
							title: 'Hibahin',
							body: english.text,
							url: '/en/my-requests',
							tag: `notification-${english.notificationId}`,
							lang: 'en',
						},
					},
				]);
			}
			expect(await counter('hibahin_push_sent_total')).toBe(sentBefore + 2);

			const indonesian = delivery(user, { kind: 'itemHidden', text: 'x'.repeat(600) });
			expect(await channel().deliver([indonesian])).toEqual([{ outcome: 'sent' }]);
			const [message] = received(devices[0]!.id).slice(-1);
			expect(message).toMatchObject({
				urgency: 'normal',
				payload: { url: '/my-items/7/requests', lang: 'id', body: `${'x'.repeat(499)}…` },
			});
		});

		it('skips a person without devices, each delivery of a batch answered in order', async () => {
			const { user } = await personWithDevices(1);
			const nobody = await use().createUser();
			expect(await channel().deliver([delivery(nobody), delivery(user)])).toEqual([
				{ outcome: 'skipped' },
				{ outcome: 'sent' },
			]);
		});

		it('forgets a device its push service says is gone', async () => {
			const { user, devices } = await personWithDevices(2);
			const [gone, kept] = devices as [(typeof devices)[0], (typeof devices)[0]];
			receiver.answer(gone.id, { status: 410 });
			const endedBefore = await counter('hibahin_push_subscriptions_ended_total');
			expect(await channel().deliver([delivery(user)])).toEqual([{ outcome: 'sent' }]);
			expect(received(kept.id)).toHaveLength(1);
			const left = await use()
				.server.db.select()
				.from(pushSubscriptions)
				.where(eq(pushSubscriptions.userId, user.id));
			expect(left.map((row) => row.endpoint)).toEqual([kept.endpoint]);
			expect(await counter('hibahin_push_subscriptions_ended_total')).toBe(endedBefore + 1);

			receiver.answer(kept.id, { status: 404 });
			expect(await channel().deliver([delivery(user)])).toEqual([{ outcome: 'skipped' }]);
		});

		it('tries a failing service again later, only for the devices that missed the message', async () => {
			const { user, devices } = await personWithDevices(3);
			const [failing, busy, working] = devices as [
				(typeof devices)[0],
				(typeof devices)[0],
				(typeof devices)[0],
			];
			receiver.answer(failing.id, { status: 500 });
			receiver.answer(busy.id, { status: 429, retryAfter: 30 });
			const failedBefore = await counter('hibahin_push_failed_total', { reason: 'service_error' });
			const first = delivery(user);
			expect(await channel().deliver([first])).toEqual([
				{ outcome: 'retry', deliveredTo: [working.endpoint], retryAfterMs: 30_000 },
			]);
			expect(await counter('hibahin_push_failed_total', { reason: 'service_error' })).toBe(
				failedBefore + 1,
			);

			receiver.answer(busy.id, null);
			const second = { ...first, attempts: 1, deliveredTo: [working.endpoint] };
			expect(await channel().deliver([second])).toEqual([
				{ outcome: 'retry', deliveredTo: [working.endpoint, busy.endpoint] },
			]);
			receiver.answer(failing.id, null);
			const third = { ...first, attempts: 2, deliveredTo: [working.endpoint, busy.endpoint] };
			expect(await channel().deliver([third])).toEqual([{ outcome: 'sent' }]);
			for (const device of devices) expect(received(device.id), device.id).toHaveLength(1);
		});

		it('tries again when the push service cannot be reached, and gives up on a refusal', async () => {
			const user = await use().createUser();
			const unreachable = await startPushReceiver();
			const device = unreachable.subscribe();
			await unreachable.close();
			await use()
				.server.db.insert(pushSubscriptions)
				.values({ userId: user.id, endpoint: device.endpoint, ...device.keys });
			expect(await channel().deliver([delivery(user)])).toEqual([
				{ outcome: 'retry', deliveredTo: [] },
			]);

			const { user: other, devices } = await personWithDevices(1);
			receiver.answer(devices[0]!.id, { status: 413 });
			expect(await channel().deliver([delivery(other)])).toEqual([{ outcome: 'failed' }]);
		});
	},
	{ env: () => ({ PUSH_ALLOWED_ORIGINS: receiver.origin }) },
);
