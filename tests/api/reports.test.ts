import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { reportLimits } from '~/config/limits';
import { reports } from '~/server/db/schema';
import { createItemFor, expectError, getItem } from '../helpers/items';
import { newNotifications, notificationsOf } from '../helpers/requests';
import { report } from '../helpers/safety';
import { describeOnDatabases } from '../helpers/test-server';

describeOnDatabases('Reports', (use) => {
	const person = (name = 'Budi Santoso') => use().createUser({ complete: true, name });
	const reportsBy = (reporterId: string) =>
		use().server.db.select().from(reports).where(eq(reports.reporterId, reporterId));

	async function listedItem() {
		const donor = await person('Ani Wijaya');
		return { donor, item: await createItemFor(use(), donor) };
	}

	it('takes a report of an item (201) and refuses a second open one of the same item (409)', async () => {
		const { item } = await listedItem();
		const reporter = await person();
		const first = await report(use(), reporter, { itemId: item.id, reason: 'scam' });
		expect(first.status).toBe(201);
		expect((await first.json()).data).toEqual({ id: expect.any(Number), itemHidden: false });
		await expectError(
			await report(use(), reporter, { itemId: item.id, reason: 'spam' }),
			409,
			'REPORT_DUPLICATE',
		);
		expect(await reportsBy(reporter.id)).toEqual([
			expect.objectContaining({ targetKey: `item:${item.id}`, reason: 'scam', state: 'open' }),
		]);
	});

	it('takes a report of a person, naming them as the target', async () => {
		const reported = await person('Joko');
		const reporter = await person();
		const response = await report(use(), reporter, {
			userId: reported.id,
			reason: 'other',
			details: 'Meminta uang transfer di WhatsApp.',
		});
		expect(response.status).toBe(201);
		expect(await reportsBy(reporter.id)).toEqual([
			expect.objectContaining({
				targetKey: `user:${reported.id}`,
				userId: reported.id,
				details: 'Meminta uang transfer di WhatsApp.',
			}),
		]);
	});

	it.each([
		['no reason', {}, { reason: 'reports.errors.reasonInvalid' }],
		['an unknown reason', { reason: 'boring' }, { reason: 'reports.errors.reasonInvalid' }],
		['other without text', { reason: 'other' }, { details: 'reports.errors.detailsMin' }],
		[
			'other with 9 characters',
			{ reason: 'other', details: '123456789' },
			{ details: 'reports.errors.detailsMin' },
		],
		[
			'501 characters',
			{ reason: 'other', details: 'x'.repeat(501) },
			{ details: 'reports.errors.detailsMax' },
		],
	])('refuses %s (400) and stores nothing', async (_, body, fields) => {
		const { item } = await listedItem();
		const reporter = await person();
		await expectError(
			await report(use(), reporter, { itemId: item.id, ...body }),
			400,
			'VALIDATION_ERROR',
			fields,
		);
		expect(await reportsBy(reporter.id)).toEqual([]);
	});

	it('refuses a report with no target or two, of oneself, and of a missing item', async () => {
		const { donor, item } = await listedItem();
		const reporter = await person();
		const target = { target: 'reports.errors.targetInvalid' };
		await expectError(
			await report(use(), reporter, { reason: 'spam' }),
			400,
			'VALIDATION_ERROR',
			target,
		);
		await expectError(
			await report(use(), reporter, { reason: 'spam', itemId: item.id, userId: donor.id }),
			400,
			'VALIDATION_ERROR',
			target,
		);
		await expectError(
			await report(use(), donor, { reason: 'spam', itemId: item.id }),
			400,
			'VALIDATION_ERROR',
			{ target: 'reports.errors.ownTarget' },
		);
		await expectError(
			await report(use(), reporter, { reason: 'spam', itemId: 999_999 }),
			404,
			'NOT_FOUND',
		);
		expect(await reportsBy(reporter.id)).toEqual([]);
		expect(await reportsBy(donor.id)).toEqual([]);
	});

	it('refuses signed-out visitors (401)', async () => {
		const { item } = await listedItem();
		await expectError(
			await report(use(), null, { itemId: item.id, reason: 'spam' }),
			401,
			'UNAUTHORIZED',
		);
	});

	it(`refuses the ${reportLimits.perDay + 1}th report of the day (429, in both languages)`, async () => {
		const reporter = await person();
		for (let index = 0; index < reportLimits.perDay; index += 1) {
			const target = await use().createUser();
			expect((await report(use(), reporter, { userId: target.id, reason: 'spam' })).status).toBe(
				201,
			);
		}
		const last = await use().createUser();
		const refused = await report(use(), reporter, { userId: last.id, reason: 'spam' });
		expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
		const error = await expectError(refused, 429, 'RATE_LIMITED');
		expect(error.message).toContain(`${reportLimits.perDay} laporan`);
		const english = await use().request('/reports', {
			method: 'POST',
			user: reporter,
			headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
			body: JSON.stringify({ userId: last.id, reason: 'spam' }),
		});
		expect((await expectError(english, 429, 'RATE_LIMITED')).message).toContain(
			`${reportLimits.perDay} reports today`,
		);
		expect(await reportsBy(reporter.id)).toHaveLength(reportLimits.perDay);
	});

	it('hides an item at the third distinct reporter with a complete profile, and tells the owner', async () => {
		const { donor, item } = await listedItem();
		const bell = await notificationsOf(use(), donor);
		const incomplete = await use().createUser();
		const reporters = [await person('A'), await person('B'), await person('C')];

		expect((await report(use(), incomplete, { itemId: item.id, reason: 'scam' })).status).toBe(201);
		for (const reporter of reporters.slice(0, 2)) {
			const response = await report(use(), reporter, { itemId: item.id, reason: 'scam' });
			expect((await response.json()).data.itemHidden).toBe(false);
		}
		const list = async () =>
			(await (await use().request(`/items?search=${encodeURIComponent(item.name)}`)).json()).data
				.items as Array<{ id: number }>;
		expect((await list()).map((listed) => listed.id)).toContain(item.id);

		const third = await report(use(), reporters[2]!, { itemId: item.id, reason: 'askingMoney' });
		expect((await third.json()).data.itemHidden).toBe(true);
		expect((await list()).map((listed) => listed.id)).not.toContain(item.id);
		const latest = (await (await use().request('/items/latest')).json()).data as Array<{
			id: number;
		}>;
		expect(latest.map((listed) => listed.id)).not.toContain(item.id);
		expect((await getItem(use(), item.id))?.visibility).toBe('underReview');
		expect((await newNotifications(use(), donor, bell)).map((notice) => notice.text)).toEqual([
			`${item.name} is under review because several people reported it, so it is out of lists and search for now.`,
		]);
	});
});
