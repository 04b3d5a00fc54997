import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { retentionLimits } from '~/config/limits';
import { applyRetention, removedBody } from '~/features/privacy/retention.server';
import { readPageVersion } from '~/server/page-versions';
import {
	itemRequests,
	localAccounts,
	notifications,
	passwordResetTokens,
	paymentNotifications,
	signIns,
} from '~/server/db/schema';
import { orderFor, payAs } from '../helpers/courier-orders';
import { createItemFor } from '../helpers/items';
import { act, ask } from '../helpers/requests';
import { describeOnDatabases } from '../helpers/test-server';

const day = 24 * 60 * 60_000;

describeOnDatabases('Retention of personal data', (use) => {
	const person = () => use().createUser({ complete: true });
	const db = () => use().server.db;

	/** A date `ms` before `now`. */
	const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

	it('deletes old notifications, read ones sooner, and keeps the recent ones', async () => {
		const now = new Date();
		const owner = await person();
		const notification = (createdAt: Date, readAt: Date | null) => ({
			userId: owner.id,
			kind: 'requestReceived',
			data: { itemName: 'Kursi kayu' },
			createdAt,
			readAt,
		});
		const rows = await db()
			.insert(notifications)
			.values([
				notification(ago(now, 100 * day), ago(now, 95 * day)),
				notification(ago(now, 100 * day), ago(now, 80 * day)),
				notification(ago(now, 400 * day), null),
				notification(ago(now, 300 * day), null),
			])
			.returning({ id: notifications.id });
		const [readLongAgo, readRecently, unreadOld, unreadRecent] = rows.map((row) => row.id);

		expect(await applyRetention(db(), now)).toMatchObject({ notifications: 2 });
		const left = await db()
			.select({ id: notifications.id })
			.from(notifications)
			.where(inArray(notifications.id, [readLongAgo!, readRecently!, unreadOld!, unreadRecent!]));
		expect(left.map((row) => row.id).sort()).toEqual([readRecently, unreadRecent].sort());
	});

	it('deletes requests that ended without a giving a year ago, keeping those with a courier order', async () => {
		const donor = await person();
		const receiver = await person();
		const withdrawnItem = await createItemFor(use(), donor);
		const withdrawn = await ask(use(), receiver, withdrawnItem.id);
		await act(use(), receiver, withdrawn.id, 'withdraw');
		const paidItem = await createItemFor(use(), donor, { quantity: '1' });
		const order = await orderFor(use(), receiver, paidItem.id);
		await payAs(use(), receiver, order.id, 'failed');
		const fresh = await ask(use(), await person(), withdrawnItem.id);

		const now = new Date(Date.now() + retentionLimits.endedRequestsMs + day);
		const result = await applyRetention(db(), now);
		expect(result.endedRequests).toBeGreaterThanOrEqual(1);
		const left = await db()
			.select({ id: itemRequests.id, state: itemRequests.state })
			.from(itemRequests)
			.where(inArray(itemRequests.id, [withdrawn.id, order.requestId, fresh.id]));
		expect(left.map((row) => row.id).sort()).toEqual([order.requestId, fresh.id].sort());

		// With nothing left to delete, the public pages stay as they were cached.
		const version = await readPageVersion(db(), { kind: 'public' });
		expect(await applyRetention(db(), now)).toMatchObject({ endedRequests: 0 });
		expect(await readPageVersion(db(), { kind: 'public' })).toBe(version);
	});

	it('empties old payment notification bodies and keeps what they did', async () => {
		const now = new Date();
		const [old, recent] = await db()
			.insert(paymentNotifications)
			.values([
				{
					orderId: 'HBH-old',
					body: '{"order_id":"HBH-old","customer_phone":"+6281234567890"}',
					verification: 'unknownOrder',
					createdAt: ago(now, retentionLimits.paymentNotificationBodiesMs + day),
				},
				{
					orderId: 'HBH-recent',
					body: '{"order_id":"HBH-recent"}',
					verification: 'unknownOrder',
					createdAt: ago(now, day),
				},
			])
			.returning({ id: paymentNotifications.id });

		expect(await applyRetention(db(), now)).toMatchObject({ paymentNotificationBodies: 1 });
		const rows = await db()
			.select()
			.from(paymentNotifications)
			.where(inArray(paymentNotifications.id, [old!.id, recent!.id]))
			.orderBy(paymentNotifications.id);
		expect(rows.map((row) => [row.orderId, row.verification, row.body])).toEqual([
			['HBH-old', 'unknownOrder', removedBody],
			['HBH-recent', 'unknownOrder', '{"order_id":"HBH-recent"}'],
		]);
		// Once emptied, a body is not counted again.
		expect(await applyRetention(db(), now)).toMatchObject({ paymentNotificationBodies: 0 });
	});

	it('deletes sign-in times after a year and password-reset links once expired', async () => {
		const now = new Date();
		const member = await person();
		await db()
			.insert(signIns)
			.values([
				{ userId: member.id, createdAt: ago(now, retentionLimits.signInsMs + day) },
				{ userId: member.id, createdAt: ago(now, day) },
			]);
		const accountId = randomUUID();
		await db()
			.insert(localAccounts)
			.values({ id: accountId, email: `${accountId}@example.com`, passwordHash: 'x' });
		await db()
			.insert(passwordResetTokens)
			.values([
				{ digest: `${accountId}-expired`, accountId, expiresAt: ago(now, 1) },
				{ digest: `${accountId}-valid`, accountId, expiresAt: new Date(now.getTime() + day) },
			]);

		await applyRetention(db(), now);
		const times = await db().select().from(signIns).where(eq(signIns.userId, member.id));
		expect(times.map((row) => row.createdAt)).toEqual([ago(now, day)]);
		const links = await db()
			.select({ digest: passwordResetTokens.digest })
			.from(passwordResetTokens)
			.where(eq(passwordResetTokens.accountId, accountId));
		expect(links).toEqual([{ digest: `${accountId}-valid` }]);
	});
});
