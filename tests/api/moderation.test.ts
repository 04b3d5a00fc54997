import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { purgeAccount } from '~/features/account/account-deletion.server';
import { endSuspensionsThatRanOut } from '~/features/moderation/suspension-expiry.server';
import { sitemapXml } from '~/features/sitemap/sitemap.server';
import { items, moderationActions, users } from '~/server/db/schema';
import { createItemFor, expectError, getItem } from '../helpers/items';
import { postNeed } from '../helpers/needs';
import { newNotifications, notificationsOf } from '../helpers/requests';
import { createModerator, moderate, moderated, report } from '../helpers/safety';
import { describeOnDatabases, type TestUser, testOrigin } from '../helpers/test-server';

describeOnDatabases('The moderation desk', (use) => {
	const person = (name = 'Budi Santoso') => use().createUser({ complete: true, name });

	async function reportedItem() {
		const donor = await person('Ani Wijaya');
		const item = await createItemFor(use(), donor);
		const reporter = await person('Rudi');
		expect((await report(use(), reporter, { itemId: item.id, reason: 'askingMoney' })).status).toBe(
			201,
		);
		return { donor, item, reporter };
	}

	const itemRow = async (id: number) =>
		(await use().server.db.select().from(items).where(eq(items.id, id)))[0]!;
	const userRow = async (id: string) =>
		(await use().server.db.select().from(users).where(eq(users.id, id)))[0]!;
	const auditLength = async () =>
		(await use().server.db.select({ id: moderationActions.id }).from(moderationActions)).length;

	it('shows moderators the queue grouped by target, with reasons, photos and history', async () => {
		const moderator = await createModerator(use());
		const { item, reporter } = await reportedItem();
		const second = await person('Sari');
		await report(use(), second, {
			itemId: item.id,
			reason: 'other',
			details: 'Dijual 50 ribu, bukan gratis.',
		});
		const response = await use().request('/moderation/queue', { user: moderator });
		expect(response.status).toBe(200);
		const entry = (await response.json()).data.find(
			(candidate: { targetKey: string }) => candidate.targetKey === `item:${item.id}`,
		);
		expect(entry).toMatchObject({
			item: {
				id: item.id,
				name: item.name,
				hidden: false,
				photos: [expect.stringMatching(/^\/media\//)],
			},
			reports: [
				{ reason: 'other', details: 'Dijual 50 ribu, bukan gratis.', reporter: { id: second.id } },
				{ reason: 'askingMoney', details: null, reporter: { id: reporter.id } },
			],
			earlierReports: 0,
			actions: [],
		});
	});

	it.each([
		['an ordinary user', () => person('Biasa')],
		['a signed-out visitor', async () => null],
	])('answers %s 404 on every desk call, and nothing changes', async (_, who) => {
		const caller = (await who()) as TestUser | null;
		const { donor, item } = await reportedItem();
		const before = await auditLength();
		await expectError(await use().request('/moderation/queue', { user: caller }), 404, 'NOT_FOUND');
		await expectError(
			await use().request('/moderation/audit-log', { user: caller }),
			404,
			'NOT_FOUND',
		);
		for (const body of [
			{ action: 'dismiss', itemId: item.id },
			{ action: 'hideItem', itemId: item.id, reason: 'askingMoney' },
			{ action: 'restoreItem', itemId: item.id },
			{ action: 'warnUser', userId: donor.id, reason: 'spam' },
			{ action: 'suspendUser', userId: donor.id, reason: 'scam', days: 7 },
			{ action: 'liftSuspension', userId: donor.id },
		]) {
			await expectError(await moderate(use(), caller, body), 404, 'NOT_FOUND');
		}
		expect(await itemRow(item.id)).toMatchObject({ hiddenAt: null });
		expect(await userRow(donor.id)).toMatchObject({ suspendedAt: null });
		expect(await auditLength()).toBe(before);
	});

	it('hides an item with a reason: out of lists, the owner and the reporter are told', async () => {
		const moderator = await createModerator(use());
		const { donor, item, reporter } = await reportedItem();
		const [donorBell, reporterBell] = [
			await notificationsOf(use(), donor),
			await notificationsOf(use(), reporter),
		];
		await moderated(use(), moderator, {
			action: 'hideItem',
			itemId: item.id,
			reason: 'askingMoney',
			note: 'Harga di deskripsi',
		});
		expect((await getItem(use(), item.id))?.visibility).toBe('hidden');
		const latest = (await (await use().request('/items/latest')).json()).data as Array<{
			id: number;
		}>;
		expect(latest.map((listed) => listed.id)).not.toContain(item.id);
		const inSitemap = async () =>
			(await sitemapXml(use().server.db, testOrigin, 'items-1'))?.includes(
				`<loc>${testOrigin}/items/${item.id}</loc>`,
			) ?? false;
		expect(await inSitemap()).toBe(false);
		expect((await newNotifications(use(), donor, donorBell)).map((notice) => notice.text)).toEqual([
			`A moderator hid ${item.name}: asking for money.`,
		]);
		expect(
			(await newNotifications(use(), reporter, reporterBell)).map((notice) => notice.text),
		).toEqual(['Thank you! We acted on your report.']);

		await moderated(use(), moderator, { action: 'restoreItem', itemId: item.id });
		expect((await getItem(use(), item.id))?.visibility).toBe('listed');
		expect(await inSitemap()).toBe(true);
		const log = (await (await use().request('/moderation/audit-log', { user: moderator })).json())
			.data;
		expect(log.slice(0, 2)).toMatchObject([
			{ action: 'restoreItem', targetKey: `item:${item.id}`, moderator: { id: moderator.id } },
			{ action: 'hideItem', reason: 'askingMoney', note: 'Harga di deskripsi' },
		]);
	});

	it('names each target of the audit log, an item or a person, and says null once it is deleted', async () => {
		const moderator = await createModerator(use());
		const { donor, item } = await reportedItem();
		const other = await person('Joko Widodo');
		await moderated(use(), moderator, { action: 'dismiss', itemId: item.id });
		await moderated(use(), moderator, { action: 'warnUser', userId: other.id, reason: 'spam' });
		const log = async () =>
			(await (await use().request('/moderation/audit-log', { user: moderator })).json())
				.data as Array<{ targetKey: string; target: unknown }>;
		expect((await log()).slice(0, 2)).toMatchObject([
			{
				targetKey: `user:${other.id}`,
				target: { kind: 'user', id: other.id, name: 'Joko Widodo' },
			},
			{ targetKey: `item:${item.id}`, target: { kind: 'item', id: item.id, name: item.name } },
		]);

		expect(
			(await use().request(`/items/${item.id}`, { method: 'DELETE', user: donor })).status,
		).toBe(204);
		await purgeAccount(use().server, other.id);
		expect((await log()).slice(0, 2).map((entry) => entry.target)).toEqual([
			{ kind: 'user', id: other.id, name: null },
			{ kind: 'item', id: item.id, name: null },
		]);
	});

	it('dismisses reports: an item hidden by them is listed again and the reporter is told', async () => {
		const moderator = await createModerator(use());
		const { item, reporter } = await reportedItem();
		await use()
			.server.db.update(items)
			.set({ hiddenAt: new Date(), hiddenReason: 'reports' })
			.where(eq(items.id, item.id));
		const bell = await notificationsOf(use(), reporter);
		await moderated(use(), moderator, { action: 'dismiss', itemId: item.id });
		expect((await getItem(use(), item.id))?.visibility).toBe('listed');
		expect((await newNotifications(use(), reporter, bell)).map((notice) => notice.text)).toEqual([
			'We reviewed your report and found nothing against the rules.',
		]);
		const queue = (await (await use().request('/moderation/queue', { user: moderator })).json())
			.data;
		expect(queue.map((entry: { targetKey: string }) => entry.targetKey)).not.toContain(
			`item:${item.id}`,
		);
	});

	it('warns a user, who is told why', async () => {
		const moderator = await createModerator(use());
		const target = await person('Joko');
		const bell = await notificationsOf(use(), target);
		await moderated(use(), moderator, {
			action: 'warnUser',
			userId: target.id,
			reason: 'offensive',
		});
		expect((await newNotifications(use(), target, bell)).map((notice) => notice.text)).toEqual([
			"A moderator sent you a warning: offensive. Please follow Hibahin's rules.",
		]);
	});

	it('suspends a user: sessions end, available items leave lists, writes are refused; lifting undoes it', async () => {
		const moderator = await createModerator(use());
		const donor = await person('Joko');
		const item = await createItemFor(use(), donor);
		await moderated(use(), moderator, {
			action: 'suspendUser',
			userId: donor.id,
			reason: 'scam',
			days: 7,
		});
		expect((await use().request('/profile/check', { user: donor })).status).toBe(401);
		expect((await getItem(use(), item.id))?.visibility).toBe('hidden');
		const row = await userRow(donor.id);
		expect(row.suspendedUntil!.getTime() - row.suspendedAt!.getTime()).toBe(7 * 24 * 60 * 60_000);

		const again = { ...donor, ...(await signIn(donor.id)) };
		expect((await use().request(`/items/${item.id}`, { user: again })).status).toBe(200);
		const refused = await expectError(
			await report(use(), again, { userId: moderator.id, reason: 'spam' }),
			403,
			'ACCOUNT_SUSPENDED',
		);
		expect(refused.message).toContain('ditangguhkan');

		await moderated(use(), moderator, { action: 'liftSuspension', userId: donor.id });
		expect((await getItem(use(), item.id))?.visibility).toBe('listed');
		expect((await report(use(), again, { userId: moderator.id, reason: 'spam' })).status).toBe(201);
	});

	it('ends a suspension when its days are over, as lifting it does, and keeps one for good', async () => {
		const moderator = await createModerator(use());
		const donor = await person('Joko');
		const forGood = await person('Rina');
		const item = await createItemFor(use(), donor);
		const need = await postNeed(use(), donor);
		const kept = await createItemFor(use(), forGood);
		await moderated(use(), moderator, {
			action: 'suspendUser',
			userId: donor.id,
			reason: 'scam',
			days: 3,
		});
		const needShown = async () => (await use().request(`/needs/${need.id}`)).status === 200;
		expect(await needShown()).toBe(false);
		await moderated(use(), moderator, {
			action: 'suspendUser',
			userId: forGood.id,
			reason: 'scam',
		});
		const bell = await notificationsOf(use(), { ...donor, ...(await signIn(donor.id)) });
		const day = 24 * 60 * 60_000;
		const { db } = use().server;

		expect(await endSuspensionsThatRanOut(db, new Date(Date.now() + 2 * day))).toBe(0);
		expect((await getItem(use(), item.id))?.visibility).toBe('hidden');

		expect(await endSuspensionsThatRanOut(db, new Date(Date.now() + 3 * day + 60_000))).toBe(1);
		expect((await getItem(use(), item.id))?.visibility).toBe('listed');
		expect(await needShown()).toBe(true);
		expect((await getItem(use(), kept.id))?.visibility).toBe('hidden');
		const row = await userRow(donor.id);
		expect([row.suspendedAt, row.suspendedUntil]).toEqual([null, null]);
		expect((await userRow(forGood.id)).suspendedAt).not.toBeNull();
		const again = { ...donor, ...(await signIn(donor.id)) };
		expect((await newNotifications(use(), again, bell)).map((notice) => notice.text)).toEqual([
			"Your account's suspension has been lifted. Happy giving!",
		]);
		expect((await report(use(), again, { userId: moderator.id, reason: 'spam' })).status).toBe(201);
		expect(await endSuspensionsThatRanOut(db, new Date(Date.now() + 400 * day))).toBe(0);
	});

	it('refuses a suspended user on every write route the API documents', async () => {
		const moderator = await createModerator(use());
		const target = await person('Joko');
		await moderated(use(), moderator, { action: 'suspendUser', userId: target.id, reason: 'scam' });
		expect((await userRow(target.id)).suspendedUntil).toBeNull();
		const suspended = { ...target, ...(await signIn(target.id)) };
		const document = await (await use().request('/openapi.json')).json();
		const writes = Object.entries(
			document.paths as Record<string, Record<string, unknown>>,
		).flatMap(([path, operations]) =>
			Object.keys(operations)
				.filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
				.map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })),
		);
		expect(writes.length).toBeGreaterThan(10);
		for (const { method, path } of writes) {
			if (/^\/(notifications\/read|account)/.test(path)) continue;
			const response = await use().request(path, { method, user: suspended });
			expect({
				method,
				path,
				status: response.status,
				code: (await response.json()).error?.code,
			}).toEqual({
				method,
				path,
				status: 403,
				code: 'ACCOUNT_SUSPENDED',
			});
		}
	});

	it('checks actions: reasons where needed, targets that fit, never the moderator themselves', async () => {
		const moderator = await createModerator(use());
		const { donor, item } = await reportedItem();
		const before = await auditLength();
		await expectError(
			await moderate(use(), moderator, { action: 'hideItem', itemId: item.id }),
			400,
			'VALIDATION_ERROR',
			{
				reason: 'moderation.errors.reasonInvalid',
			},
		);
		await expectError(
			await moderate(use(), moderator, { action: 'warnUser', itemId: item.id, reason: 'spam' }),
			400,
			'VALIDATION_ERROR',
			{
				target: 'moderation.errors.targetInvalid',
			},
		);
		await expectError(
			await moderate(use(), moderator, {
				action: 'suspendUser',
				userId: donor.id,
				reason: 'spam',
				days: 0,
			}),
			400,
			'VALIDATION_ERROR',
			{
				days: 'moderation.errors.daysInvalid',
			},
		);
		await expectError(
			await moderate(use(), moderator, {
				action: 'warnUser',
				userId: moderator.id,
				reason: 'spam',
			}),
			400,
			'VALIDATION_ERROR',
			{
				target: 'moderation.errors.ownAccount',
			},
		);
		await expectError(
			await moderate(use(), moderator, { action: 'restoreItem', itemId: item.id }),
			400,
			'VALIDATION_ERROR',
			{
				action: 'moderation.errors.notHidden',
			},
		);
		expect(await auditLength()).toBe(before);
	});

	it('keeps the audit log append-only: the database refuses edits and deletions', async () => {
		const moderator = await createModerator(use());
		const target = await person('Joko');
		await moderated(use(), moderator, { action: 'warnUser', userId: target.id, reason: 'spam' });
		await expect(
			use().server.db.update(moderationActions).set({ reason: 'other' }),
		).rejects.toThrow();
		await expect(use().server.db.delete(moderationActions)).rejects.toThrow();
		await expect(use().server.db.execute(sql`truncate moderation_actions`)).rejects.toThrow();
		expect(await auditLength()).toBeGreaterThan(0);
	});

	async function signIn(userId: string) {
		const token = await use().server.sessions.create(userId, null);
		return { token, cookie: `hibahin_session=${token}` };
	}
});

describeOnDatabases(
	'Moderators listed in MODERATOR_EMAILS',
	(use) => {
		it('lets a listed email use the desk, whatever its case, and no one else', async () => {
			const listed = await use().createUser({ complete: true });
			const other = await use().createUser({ complete: true });
			await use()
				.server.db.update(users)
				.set({ email: 'desk@example.com' })
				.where(eq(users.id, listed.id));
			expect((await use().request('/moderation/queue', { user: listed })).status).toBe(200);
			await expectError(
				await use().request('/moderation/queue', { user: other }),
				404,
				'NOT_FOUND',
			);
		});
	},
	{ env: { MODERATOR_EMAILS: 'Desk@Example.com, someone@example.com' } },
);
