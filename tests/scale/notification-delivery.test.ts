import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { notify } from '~/features/notifications/notifications.server';
import { eq } from 'drizzle-orm';
import { notificationSettings, pushSubscriptions, users as userTable } from '~/server/db/schema';
import { startPushReceiver } from '../helpers/push-receiver';
import { startSmtpPeer } from '../helpers/smtp-peer';
import { freshDatabase, signedInUser, startApp } from './support/app-process';
import { killHard } from './support/cluster';

const databaseUrl = process.env['TEST_DATABASE_URL'];
const people = 25;
const perPerson = 2;

/** Waits until `done` holds, checking every 100 ms, for at most `timeoutMs`. */
async function until(done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
	const end = Date.now() + timeoutMs;
	while (!(await done())) {
		if (Date.now() > end) throw new Error('timed out');
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

describe.skipIf(!databaseUrl)('kill -9 while notifications are sent', () => {
	const dataDir = mkdtempSync(join(tmpdir(), 'hibahin-outbox-'));
	afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

	it('pushes and mails each of 50 queued notifications after a restart, once to the person', async () => {
		const database = await freshDatabase(databaseUrl!);
		// A slow push service, so the kill lands while messages are on their way.
		const receiver = await startPushReceiver({ answerDelayMs: 150 });
		const smtp = await startSmtpPeer();
		const env = {
			DATABASE_URL: database.url,
			DATA_DIR: dataDir,
			PUSH_ALLOWED_ORIGINS: receiver.origin,
			SMTP_URL: smtp.url,
		};
		const first = await startApp(env);
		const devices = new Map<string, string>();
		const users: { id: string }[] = [];
		for (let index = 0; index < people; index++) {
			const user = await signedInUser(database.db, `${first.url}/oidc`);
			const device = receiver.subscribe();
			devices.set(device.id, user.id);
			await database.db.insert(pushSubscriptions).values({
				userId: user.id,
				endpoint: device.endpoint,
				p256dh: device.keys.p256dh,
				auth: device.keys.auth,
			});
			// Push is never held for quiet hours here: the test may run at night in Jakarta.
			await database.db
				.insert(notificationSettings)
				.values({ userId: user.id, quietStart: null, quietEnd: null });
			await database.db
				.update(userTable)
				.set({ emailVerified: true })
				.where(eq(userTable.id, user.id));
			users.push(user);
		}
		await database.db.transaction(async (tx) => {
			for (const user of users) {
				for (let count = 0; count < perPerson; count++) {
					await notify(tx, {
						userId: user.id,
						kind: 'requestCreated',
						itemId: null,
						data: { item: `Kursi nomor ${count}`, name: 'Budi Santoso', count: 1 },
					});
				}
			}
		});

		await until(() => receiver.received.length >= 10, 30_000);
		await killHard(first);
		const beforeRestart = receiver.received.length;
		expect(beforeRestart).toBeLessThan(people * perPerson);

		const second = await startApp(env);
		const pending = async () =>
			Number(
				(
					await database.client`select count(*) as left from notification_outbox
						where done_at is null`
				)[0]!['left'],
			);
		await until(async () => (await pending()) === 0, 60_000);
		second.child.kill('SIGTERM');
		await second.exited;

		const outcomes = await database.client`select channel, outcome, count(*)::int as count
			from notification_outbox group by channel, outcome order by channel`;
		expect(outcomes.map((row) => [row['channel'], row['outcome'], row['count']])).toEqual([
			['email', 'sent', people * perPerson],
			['push', 'sent', people * perPerson],
		]);
		// Each notification reached its person's device; a message in flight at the kill may have
		// gone twice, under the same topic and tag, which the device shows as one.
		const shown = new Set(
			receiver.received.map((push) => {
				const { tag } = push.payload as { tag: string };
				expect(push.topic).toBeTruthy();
				return `${devices.get(push.subscriptionId)} ${tag} ${push.topic}`;
			}),
		);
		const notifications = await database.client`select id, user_id from notifications`;
		expect(shown.size).toBe(people * perPerson);
		for (const row of notifications) {
			expect(
				[...shown].some((key) => key.startsWith(`${row['user_id']} notification-${row['id']} `)),
			).toBe(true);
		}
		const repeated = receiver.received.length - shown.size;
		expect(repeated).toBeLessThanOrEqual(perPerson);
		// Each mail arrived, under its own Message-ID; a mail sent again keeps it.
		const mailIds = new Set(smtp.received.map((mail) => mail.mail.messageId));
		expect(mailIds.size).toBe(people * perPerson);
		expect(smtp.received.length - mailIds.size).toBeLessThanOrEqual(perPerson);
		console.log(
			`kill -9 with ${people * perPerson} notifications queued: ${beforeRestart} pushed before ` +
				`the kill, all ${shown.size} pushed and ${mailIds.size} mailed after the restart, ` +
				`${repeated} pushes and ${smtp.received.length - mailIds.size} mails sent again`,
		);
		await receiver.close();
		await smtp.close();
		await database.drop();
	});
});
