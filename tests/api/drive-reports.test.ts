import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { reportLimits } from '~/config/limits';
import type { AuditEntry } from '~/features/moderation/audit-log.server';
import type { QueueEntry } from '~/features/moderation/moderation-queue.server';
import { dayAfter, type Drive, jakartaDay } from '~/features/drives/drives';
import { drives, moderationActions, needs, reports } from '~/server/db/schema';
import { expectError } from '../helpers/items';
import { dataOf, organisationOf, send } from '../helpers/needs';
import { createModerator, moderate, moderated, report } from '../helpers/safety';
import { describeOnDatabases, type TestServer, type TestUser } from '../helpers/test-server';

/** A verified organisation's owner and the drive they opened, with two needs. */
async function openedDrive(test: TestServer) {
	const owner = await test.createUser({ complete: true, name: 'Sari Dewi' });
	await organisationOf(test, owner, 'verified');
	const response = await send(test, owner, 'POST', '/drives', {
		title: 'Seragam untuk anak panti',
		story: 'Dua puluh anak mulai sekolah bulan depan dan belum punya seragam serta buku tulis.',
		address: 'Jl. Melati No. 5, Kebayoran Baru',
		district: '31.74.07',
		endDate: dayAfter(jakartaDay(new Date()), 14),
		needs: [
			{ title: 'Seragam SD', category: 'clothing', quantity: 20 },
			{ title: 'Buku tulis', category: 'books', quantity: 50 },
		],
	});
	const { id } = await dataOf<{ id: number }>(response, 201);
	return { owner, driveId: id };
}

/** The ids of the needs `GET /needs` lists to a signed-out visitor. */
async function listedNeedIds(test: TestServer): Promise<number[]> {
	const list = await dataOf<{ needs: { id: number }[] }>(await test.request('/needs'));
	return list.needs.map((need) => need.id);
}

async function needIdsOf(test: TestServer, driveId: number): Promise<number[]> {
	const rows = await test.server.db
		.select({ id: needs.id })
		.from(needs)
		.where(eq(needs.driveId, driveId));
	return rows.map((row) => row.id);
}

async function storedDrive(test: TestServer, driveId: number) {
	const [row] = await test.server.db.select().from(drives).where(eq(drives.id, driveId));
	return row!;
}

const storedReports = async (test: TestServer, driveId: number) =>
	test.server.db.select().from(reports).where(eq(reports.driveId, driveId)).orderBy(reports.id);

/** The field errors' keys are translated by the page; the message is the request's language. */
const validationMessages = {
	id: 'Data yang dikirim belum benar. Periksa kembali isian yang ditandai.',
	en: 'Some of the data is not right. Please check the highlighted fields.',
};

const auditLines = async (test: TestServer, driveId: number) =>
	test.server.db
		.select()
		.from(moderationActions)
		.where(eq(moderationActions.targetKey, `drive:${driveId}`))
		.orderBy(moderationActions.id);

/** Reports of the drive by `count` different people with complete profiles. */
async function reportedBy(test: TestServer, driveId: number, count: number) {
	const receipts: { itemHidden: boolean }[] = [];
	for (let n = 0; n < count; n++) {
		const reporter = await test.createUser({ complete: true, name: `Pelapor ${n + 1}` });
		const response = await report(test, reporter, { driveId, reason: 'scam' });
		receipts.push(await dataOf<{ itemHidden: boolean }>(response, 201));
	}
	return receipts;
}

async function queueEntryOf(test: TestServer, moderator: TestUser, driveId: number) {
	const queue = await dataOf<QueueEntry[]>(
		await test.request('/moderation/queue', { user: moderator }),
	);
	return queue.find((entry) => entry.targetKey === `drive:${driveId}`);
}

describeOnDatabases('Drive reports', (use) => {
	it('are taken from a signed-in person, once while open, naming the drive and its creator', async () => {
		const test = use();
		const { owner, driveId } = await openedDrive(test);
		const reporter = await test.createUser({ complete: true });

		const receipt = await dataOf<{ id: number; itemHidden: boolean }>(
			await report(test, reporter, { driveId, reason: 'scam' }),
			201,
		);
		expect(receipt.itemHidden).toBe(false);
		await expectError(
			await report(test, reporter, { driveId, reason: 'spam' }),
			409,
			'REPORT_DUPLICATE',
		);
		expect(await storedReports(test, driveId)).toEqual([
			expect.objectContaining({
				reporterId: reporter.id,
				targetKey: `drive:${driveId}`,
				driveId,
				needId: null,
				itemId: null,
				userId: owner.id,
				reason: 'scam',
				state: 'open',
			}),
		]);
	});

	it('are refused to the drive’s creator, to signed-out visitors, and for a missing drive', async () => {
		const test = use();
		const { owner, driveId } = await openedDrive(test);
		const reporter = await test.createUser({ complete: true });

		const own = await expectError(
			await send(test, owner, 'POST', '/reports', { driveId, reason: 'scam' }, 'en'),
			400,
			'VALIDATION_ERROR',
			{ target: 'reports.errors.ownTarget' },
		);
		expect(own.message).toBe(validationMessages.en);
		await expectError(await report(test, null, { driveId, reason: 'scam' }), 401, 'UNAUTHORIZED');
		await expectError(
			await report(test, reporter, { driveId: 999_999, reason: 'scam' }),
			404,
			'NOT_FOUND',
		);
		expect(await storedReports(test, driveId)).toEqual([]);
	});

	it.each([
		['a drive id of zero', { driveId: 0, reason: 'scam' }, 'driveId'],
		['a drive id as text', { driveId: 'satu', reason: 'scam' }, 'driveId'],
		['a drive and a need at once', { reason: 'scam', needId: 1 }, 'target'],
		['no reason', {}, 'reason'],
		['other without text', { reason: 'other' }, 'details'],
	])('refuses %s with a translated error and stores nothing', async (_, body, field) => {
		const test = use();
		const { driveId } = await openedDrive(test);
		const reporter = await test.createUser({ complete: true });
		for (const language of ['id', 'en'] as const) {
			const response = await send(
				test,
				reporter,
				'POST',
				'/reports',
				{ driveId, ...body },
				language,
			);
			const error = await expectError(response, 400, 'VALIDATION_ERROR');
			expect(error.message).toBe(validationMessages[language]);
			expect(error.fields?.[field]).toMatch(/^reports\.errors\./);
		}
		expect(await storedReports(test, driveId)).toEqual([]);
	});

	it(`hide the drive and its needs at the ${reportLimits.reportersToHide}rd reporter, pending review, and the desk lists it`, async () => {
		const test = use();
		const { driveId } = await openedDrive(test);
		const driveNeeds = await needIdsOf(test, driveId);
		expect(await listedNeedIds(test)).toEqual(expect.arrayContaining(driveNeeds));

		const receipts = await reportedBy(test, driveId, reportLimits.reportersToHide);
		expect(receipts.map((receipt) => receipt.itemHidden)).toEqual([false, false, true]);
		expect(await storedDrive(test, driveId)).toMatchObject({ hiddenReason: 'reports' });
		await expectError(await test.request(`/drives/${driveId}`), 404, 'NOT_FOUND');
		const listed = await listedNeedIds(test);
		expect(driveNeeds.filter((id) => listed.includes(id))).toEqual([]);

		const moderator = await createModerator(test);
		const seen = await dataOf<Drive>(await test.request(`/drives/${driveId}`, { user: moderator }));
		expect(seen).toMatchObject({ hidden: true, hiddenReason: 'reports' });
		expect(await queueEntryOf(test, moderator, driveId)).toMatchObject({
			drive: {
				id: driveId,
				title: 'Seragam untuk anak panti',
				hidden: true,
				creator: { name: 'Sari Dewi' },
			},
			reports: [{ reason: 'scam' }, { reason: 'scam' }, { reason: 'scam' }],
		});
	});

	it('are dismissed by a moderator: the drive and its needs are back, with a line in the audit log', async () => {
		const test = use();
		const { driveId } = await openedDrive(test);
		const driveNeeds = await needIdsOf(test, driveId);
		await reportedBy(test, driveId, reportLimits.reportersToHide);
		const moderator = await createModerator(test);

		await moderated(test, moderator, { action: 'dismiss', driveId });
		expect(await storedDrive(test, driveId)).toMatchObject({ hiddenAt: null, hiddenReason: null });
		expect((await dataOf<Drive>(await test.request(`/drives/${driveId}`))).hidden).toBe(false);
		expect(await listedNeedIds(test)).toEqual(expect.arrayContaining(driveNeeds));
		expect(await queueEntryOf(test, moderator, driveId)).toBeUndefined();
		expect((await storedReports(test, driveId)).map((row) => row.state)).toEqual([
			'dismissed',
			'dismissed',
			'dismissed',
		]);
		const audit = await dataOf<AuditEntry[]>(
			await test.request('/moderation/audit-log', { user: moderator }),
		);
		expect(audit[0]).toMatchObject({
			action: 'dismiss',
			targetKey: `drive:${driveId}`,
			target: { kind: 'drive', id: driveId, name: 'Seragam untuk anak panti' },
			moderator: { id: moderator.id },
		});
	});

	it('lead a moderator to hide the drive and restore it from the desk, each with an audit line', async () => {
		const test = use();
		const { driveId } = await openedDrive(test);
		const driveNeeds = await needIdsOf(test, driveId);
		const reporter = await test.createUser({ complete: true });
		await dataOf(await report(test, reporter, { driveId, reason: 'scam' }), 201);
		const moderator = await createModerator(test);

		await expectError(
			await moderate(test, moderator, { action: 'hideDrive', driveId }),
			400,
			'VALIDATION_ERROR',
			{ reason: 'moderation.errors.reasonInvalid' },
		);
		await expectError(
			await moderate(test, moderator, { action: 'restoreDrive', driveId }),
			400,
			'VALIDATION_ERROR',
			{ action: 'moderation.errors.notHidden' },
		);
		await moderated(test, moderator, {
			action: 'hideDrive',
			driveId,
			reason: 'scam',
			note: 'Meminta transfer uang.',
		});
		expect(await storedDrive(test, driveId)).toMatchObject({ hiddenReason: 'moderator' });
		await expectError(await test.request(`/drives/${driveId}`), 404, 'NOT_FOUND');
		expect(await listedNeedIds(test)).not.toEqual(expect.arrayContaining([driveNeeds[0]]));
		expect((await storedReports(test, driveId)).map((row) => row.state)).toEqual(['actioned']);

		await moderated(test, moderator, { action: 'restoreDrive', driveId });
		expect((await dataOf<Drive>(await test.request(`/drives/${driveId}`))).hidden).toBe(false);
		expect(await listedNeedIds(test)).toEqual(expect.arrayContaining(driveNeeds));
		expect(await auditLines(test, driveId)).toEqual([
			expect.objectContaining({
				moderatorId: moderator.id,
				action: 'hideDrive',
				reason: 'scam',
				note: 'Meminta transfer uang.',
			}),
			expect.objectContaining({ moderatorId: moderator.id, action: 'restoreDrive' }),
		]);
	});

	it('bring back with the drive only the needs that left with it', async () => {
		const test = use();
		const { driveId } = await openedDrive(test);
		const [keptHidden, other] = await needIdsOf(test, driveId);
		const moderator = await createModerator(test);
		await moderated(test, moderator, { action: 'hideNeed', needId: keptHidden, reason: 'spam' });

		await moderated(test, moderator, { action: 'hideDrive', driveId, reason: 'scam' });
		await moderated(test, moderator, { action: 'restoreDrive', driveId });
		const listed = await listedNeedIds(test);
		expect(listed).toContain(other);
		expect(listed).not.toContain(keptHidden);
	});

	it('are refused to anyone but a moderator at the desk, and nothing changes', async () => {
		const test = use();
		const { owner, driveId } = await openedDrive(test);
		await reportedBy(test, driveId, 1);
		const member = await test.createUser({ complete: true });

		for (const user of [member, owner, null]) {
			await expectError(
				await moderate(test, user, { action: 'hideDrive', driveId, reason: 'scam' }),
				404,
				'NOT_FOUND',
			);
			await expectError(
				await send(test, user, 'PUT', `/drives/${driveId}/hidden`, { hidden: true }),
				404,
				'NOT_FOUND',
			);
		}
		expect(await storedDrive(test, driveId)).toMatchObject({ hiddenAt: null });
		expect((await storedReports(test, driveId)).map((row) => row.state)).toEqual(['open']);
		expect(await auditLines(test, driveId)).toEqual([]);
	});
});

describeOnDatabases('Hiding a drive from its page', (use) => {
	it('says a moderator hid it, closes its reports, and writes an audit line each way', async () => {
		const test = use();
		const { driveId } = await openedDrive(test);
		const driveNeeds = await needIdsOf(test, driveId);
		await reportedBy(test, driveId, reportLimits.reportersToHide);
		const moderator = await createModerator(test);
		const put = (hidden: boolean) =>
			send(test, moderator, 'PUT', `/drives/${driveId}/hidden`, { hidden });

		expect(await dataOf(await put(true))).toEqual({ hidden: true });
		expect(await storedDrive(test, driveId)).toMatchObject({ hiddenReason: 'moderator' });
		expect((await storedReports(test, driveId)).map((row) => row.state)).toEqual([
			'actioned',
			'actioned',
			'actioned',
		]);
		await dataOf(await put(true));

		expect(await dataOf(await put(false))).toEqual({ hidden: false });
		expect(await storedDrive(test, driveId)).toMatchObject({ hiddenAt: null, hiddenReason: null });
		expect(await listedNeedIds(test)).toEqual(expect.arrayContaining(driveNeeds));
		await dataOf(await put(false));

		expect((await auditLines(test, driveId)).map((line) => line.action)).toEqual([
			'hideDrive',
			'restoreDrive',
		]);
	});
});
