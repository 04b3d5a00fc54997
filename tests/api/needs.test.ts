import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { needLimits, organisationLimits } from '~/config/limits';
import { closeExpiredNeeds } from '~/features/needs/need-expiry.server';
import type { Need } from '~/features/needs/needs';
import { accountExport } from '~/features/account/account-export.server';
import { purgeAccount } from '~/features/account/account-deletion.server';
import { needs, users } from '~/server/db/schema';
import { expectError, jpegBytes } from '../helpers/items';
import {
	dataOf,
	needFields,
	organisationOf,
	postNeed,
	send,
	setOrganisationState,
} from '../helpers/needs';
import { newNotifications, notificationsOf } from '../helpers/requests';
import { createModerator, moderated, report } from '../helpers/safety';
import { describeOnDatabases, type TestServer, type TestUser } from '../helpers/test-server';

const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);

async function storedNeeds(test: TestServer, owner: TestUser) {
	return test.server.db.select().from(needs).where(eq(needs.ownerId, owner.id));
}

async function photoUrl(): Promise<string> {
	return `data:image/jpeg;base64,${(await jpegBytes(320, 240)).toString('base64')}`;
}

describeOnDatabases('Needs', (use) => {
	it('are posted by a person with a complete profile, in their profile’s district unless chosen, with a photo', async () => {
		const test = use();
		const owner = await test.createUser({ complete: true, name: 'Sari Lestari' });
		const need = await postNeed(test, owner, {
			title: '  Seragam SD ukuran 8  ',
			urgency: 'urgent',
			reach: 'delivery',
			photo: await photoUrl(),
		});
		expect(need).toMatchObject({
			title: 'Seragam SD ukuran 8',
			category: 'clothing',
			quantity: 2,
			reach: 'delivery',
			urgency: 'urgent',
			state: 'open',
			hidden: false,
			asksForMoney: false,
			area: { districtCode: '31.74.07', districtName: 'Kebayoran Baru' },
			owner: { id: owner.id, name: 'Sari Lestari', avatar: null },
			organisation: null,
			answered: 0,
			photo: { src: expect.stringMatching(/^\/media\/needs\/[a-f0-9]{32}\.webp$/) },
		});
		expect(Date.parse(need.closesAt) - Date.parse(need.createdAt)).toBe(needLimits.openMs);
		expect(JSON.stringify(need)).not.toContain('+62');

		const elsewhere = await postNeed(test, owner, { district: '32.73.14' });
		expect(elsewhere.area).toMatchObject({
			districtName: 'Cibeunying Kidul',
			regencyName: 'Kota Bandung',
		});
		const read = await dataOf<Need>(await send(test, null, 'GET', `/needs/${need.id}`));
		expect(read).toEqual(need);
	});

	it('refuses bad fields with translated messages and stores nothing', async () => {
		const test = use();
		const owner = await test.createUser({ complete: true });
		const cases: [Record<string, unknown>, Record<string, string>][] = [
			[{ title: 'ab' }, { title: 'needs.errors.titleMin' }],
			[{ title: '' }, { title: 'needs.errors.titleRequired' }],
			[{ description: 'pendek' }, { description: 'needs.errors.descriptionMin' }],
			[{ category: 'cars' }, { category: 'needs.errors.categoryInvalid' }],
			[{ quantity: 0 }, { quantity: 'needs.errors.quantityMin' }],
			[{ quantity: 1.5 }, { quantity: 'needs.errors.quantityInteger' }],
			[{ quantity: needLimits.quantityMax + 1 }, { quantity: 'needs.errors.quantityMax' }],
			[{ reach: 'fly' }, { reach: 'needs.errors.reachInvalid' }],
			[{ urgency: 'now' }, { urgency: 'needs.errors.urgencyInvalid' }],
			[{ district: '99.99.99' }, { district: 'needs.errors.districtUnknown' }],
			[{ photo: 'data:text/plain;base64,aGk=' }, { photo: 'needs.errors.photoInvalid' }],
			[{ forOrganisation: true }, { forOrganisation: 'needs.errors.notVerified' }],
		];
		for (const [overrides, fields] of cases) {
			await expectError(
				await send(test, owner, 'POST', '/needs', needFields(overrides)),
				400,
				'VALIDATION_ERROR',
				fields,
			);
		}
		const error = await expectError(
			await send(test, owner, 'POST', '/needs', needFields({ title: 'ab' }), 'en'),
			400,
			'VALIDATION_ERROR',
		);
		expect(error.message).toMatch(/not right/i);
		await expectError(
			await send(
				test,
				owner,
				'POST',
				'/needs',
				needFields({
					photo: `data:image/jpeg;base64,${Buffer.from('not a photo').toString('base64')}`,
				}),
			),
			415,
			'INVALID_IMAGE_FORMAT',
			{ photo: 'needs.errors.photoInvalid' },
		);
		expect(await storedNeeds(test, owner)).toEqual([]);
	});

	it('asks for a complete profile and a signed-in person', async () => {
		const test = use();
		await expectError(await send(test, null, 'POST', '/needs', needFields()), 401, 'UNAUTHORIZED');
		const incomplete = await test.createUser();
		await expectError(
			await send(test, incomplete, 'POST', '/needs', needFields()),
			403,
			'FORBIDDEN',
		);
	});

	it('keeps a person to three open needs; a closed or fulfilled one makes room', async () => {
		const test = use();
		const owner = await test.createUser({ complete: true });
		const posted = [];
		for (let n = 0; n < needLimits.openPerPerson; n++) posted.push(await postNeed(test, owner));
		const refused = await expectError(
			await send(test, owner, 'POST', '/needs', needFields(), 'en'),
			409,
			'REQUEST_LIMIT',
		);
		expect(refused.message).toBe('You already have 3 open needs. Close one of them first.');
		await dataOf(
			await send(test, owner, 'POST', `/needs/${posted[0]!.id}/close`, { state: 'fulfilled' }),
		);
		await postNeed(test, owner);
		expect(await storedNeeds(test, owner)).toHaveLength(needLimits.openPerPerson + 1);
	});

	it('lets a verified organisation ask for more, by its kind, and names it on the need', async () => {
		const test = use();
		const owner = await test.createUser({ complete: true });
		const organisationId = await organisationOf(test, owner, 'pending', 'school');
		await expectError(
			await send(
				test,
				owner,
				'POST',
				'/needs',
				needFields({ forOrganisation: true, quantity: 50 }),
			),
			400,
			'VALIDATION_ERROR',
			{ forOrganisation: 'needs.errors.notVerified' },
		);
		await setOrganisationState(test, organisationId, 'verified');
		const max = organisationLimits.quantityMax.school;
		const need = await postNeed(test, owner, { forOrganisation: true, quantity: max });
		expect(need).toMatchObject({
			quantity: max,
			organisation: { id: organisationId, name: 'Panti Asuhan Kasih Bunda', verified: true },
		});
		await expectError(
			await send(
				test,
				owner,
				'POST',
				'/needs',
				needFields({ forOrganisation: true, quantity: max + 1 }),
			),
			400,
			'VALIDATION_ERROR',
			{ quantity: 'needs.errors.quantityMaxOrganisation' },
		);
		await expectError(
			await send(
				test,
				owner,
				'POST',
				'/needs',
				needFields({ quantity: needLimits.quantityMax + 1 }),
			),
			400,
			'VALIDATION_ERROR',
			{ quantity: 'needs.errors.quantityMax' },
		);
		// An organisation no longer verified is not named.
		await setOrganisationState(test, organisationId, 'refused');
		const read = await dataOf<Need>(await send(test, null, 'GET', `/needs/${need.id}`));
		expect(read.organisation).toBeNull();
	});

	it('refuses a need past the day’s limit, even when earlier ones were closed', async () => {
		const test = use();
		const owner = await test.createUser({ complete: true });
		for (let n = 0; n < needLimits.createdPerDay; n++) {
			const need = await postNeed(test, owner);
			await send(test, owner, 'DELETE', `/needs/${need.id}`);
		}
		const refused = await expectError(
			await send(test, owner, 'POST', '/needs', needFields(), 'en'),
			429,
			'RATE_LIMITED',
		);
		expect(refused.message).toMatch(
			/^You posted 10 needs today, the daily limit for one account\. Try again in /,
		);
		expect(await storedNeeds(test, owner)).toEqual([]);
	});

	it('is edited, renewed, marked fulfilled, closed and deleted by its owner only', async () => {
		const test = use();
		const owner = await test.createUser({ complete: true });
		const other = await test.createUser({ complete: true });
		const need = await postNeed(test, owner, { photo: await photoUrl() });
		const edit = needFields({ title: 'Sepatu sekolah ukuran 32', quantity: 1, photo: null });

		for (const [user, status, code] of [
			[null, 401, 'UNAUTHORIZED'],
			[other, 403, 'FORBIDDEN'],
		] as const) {
			await expectError(await send(test, user, 'PUT', `/needs/${need.id}`, edit), status, code);
			await expectError(await send(test, user, 'POST', `/needs/${need.id}/renew`), status, code);
			await expectError(
				await send(test, user, 'POST', `/needs/${need.id}/close`, { state: 'closed' }),
				status,
				code,
			);
			await expectError(await send(test, user, 'DELETE', `/needs/${need.id}`), status, code);
		}

		const edited = await dataOf<Need>(await send(test, owner, 'PUT', `/needs/${need.id}`, edit));
		expect(edited).toMatchObject({ title: 'Sepatu sekolah ukuran 32', quantity: 1, photo: null });
		const renewed = await dataOf<Need>(await send(test, owner, 'POST', `/needs/${need.id}/renew`));
		expect(Date.parse(renewed.closesAt)).toBeGreaterThanOrEqual(Date.parse(need.closesAt));
		await expectError(
			await send(test, owner, 'POST', `/needs/${need.id}/close`, { state: 'gone' }),
			400,
			'VALIDATION_ERROR',
			{ state: 'needs.errors.closeStateInvalid' },
		);
		const fulfilled = await dataOf<Need>(
			await send(test, owner, 'POST', `/needs/${need.id}/close`, { state: 'fulfilled' }),
		);
		expect(fulfilled.state).toBe('fulfilled');
		await expectError(
			await send(test, owner, 'PUT', `/needs/${need.id}`, edit),
			409,
			'REQUEST_CONFLICT',
		);
		const mine = await dataOf<Need[]>(await send(test, owner, 'GET', '/needs/mine'));
		expect(mine.map((row) => [row.id, row.state])).toEqual([[need.id, 'fulfilled']]);

		await dataOf(await send(test, owner, 'DELETE', `/needs/${need.id}`));
		await expectError(await send(test, null, 'GET', `/needs/${need.id}`), 404, 'NOT_FOUND');
		await expectError(await send(test, null, 'GET', '/needs/abc'), 404, 'NOT_FOUND');
	});

	it('closes by time unless renewed, telling its owner, who may renew it again', async () => {
		const test = use();
		const owner = await test.createUser({ complete: true });
		const kept = await postNeed(test, owner, { title: 'Buku pelajaran kelas 5' });
		const lapsed = await postNeed(test, owner, { title: 'Meja belajar anak' });
		const bell = await notificationsOf(test, owner);
		// The kept one was renewed a week after posting: it runs a week longer.
		const renewedAt = later(kept.createdAt, 7 * 24 * 60 * 60_000);
		await test.server.db
			.update(needs)
			.set({ closesAt: later(renewedAt.toISOString(), needLimits.openMs) })
			.where(eq(needs.id, kept.id));

		const read = (id: number) =>
			send(test, null, 'GET', `/needs/${id}`).then((r) => dataOf<Need>(r));
		await closeExpiredNeeds(test.server.db, later(lapsed.closesAt, -1000));
		expect((await read(lapsed.id)).state).toBe('open');
		await closeExpiredNeeds(test.server.db, later(lapsed.closesAt, 1000));
		expect((await read(lapsed.id)).state).toBe('closed');
		expect((await read(kept.id)).state).toBe('open');
		expect(await newNotifications(test, owner, bell)).toEqual([
			expect.objectContaining({
				kind: 'needClosed',
				text: 'Your need “Meja belajar anak” closed after 30 days. Renew it if you still need it.',
				path: `/needs/${lapsed.id}`,
			}),
		]);

		const reopened = await dataOf<Need>(
			await send(test, owner, 'POST', `/needs/${lapsed.id}/renew`),
		);
		expect(reopened.state).toBe('open');
		expect(Date.parse(reopened.closesAt)).toBeGreaterThan(Date.now() + needLimits.openMs - 60_000);
	});

	it('hides a hidden need from everyone but its owner', async () => {
		const test = use();
		const owner = await test.createUser({ complete: true });
		const other = await test.createUser({ complete: true });
		const need = await postNeed(test, owner);
		await test.server.db
			.update(needs)
			.set({ hiddenAt: new Date(), hiddenReason: 'moderator' })
			.where(eq(needs.id, need.id));
		await expectError(await send(test, null, 'GET', `/needs/${need.id}`), 404, 'NOT_FOUND');
		await expectError(await send(test, other, 'GET', `/needs/${need.id}`), 404, 'NOT_FOUND');
		await expectError(
			await send(test, other, 'POST', `/needs/${need.id}/offers`, { itemId: 1, quantity: 1 }),
			404,
			'NOT_FOUND',
		);
		const own = await dataOf<Need>(await send(test, owner, 'GET', `/needs/${need.id}`));
		expect(own.hidden).toBe(true);
	});

	it('flags a need that asks for money', async () => {
		const test = use();
		const owner = await test.createUser({ complete: true });
		const need = await postNeed(test, owner, {
			description: 'Butuh laptop, bisa nego harga 500 ribu.',
		});
		expect(need.asksForMoney).toBe(true);
	});
});

describeOnDatabases('Needs and trust and safety', (use) => {
	it('hides a need reported by three people until a moderator dismisses the reports', async () => {
		const test = use();
		const owner = await test.createUser({ complete: true });
		const need = await postNeed(test, owner);
		const receipts = [];
		for (let n = 0; n < 3; n++) {
			const reporter = await test.createUser({ complete: true });
			const response = await report(test, reporter, { needId: need.id, reason: 'scam' });
			receipts.push(await dataOf<{ itemHidden: boolean }>(response, 201));
		}
		expect(receipts.map((receipt) => receipt.itemHidden)).toEqual([false, false, true]);
		await expectError(await send(test, null, 'GET', `/needs/${need.id}`), 404, 'NOT_FOUND');
		await expectError(
			await report(test, owner, { needId: need.id, reason: 'scam' }),
			400,
			'VALIDATION_ERROR',
			{ target: 'reports.errors.ownTarget' },
		);
		const moderator = await createModerator(test);
		const queue = await test.request('/moderation/queue', { user: moderator });
		const entry = (await queue.json()).data.find(
			(candidate: { targetKey: string }) => candidate.targetKey === `need:${need.id}`,
		);
		expect(entry).toMatchObject({
			need: { id: need.id, title: need.title, hidden: true, owner: { id: owner.id } },
			reports: [{ reason: 'scam' }, { reason: 'scam' }, { reason: 'scam' }],
		});
		await moderated(test, moderator, { action: 'dismiss', needId: need.id });
		expect((await dataOf<Need>(await send(test, null, 'GET', `/needs/${need.id}`))).hidden).toBe(
			false,
		);
	});

	it('is hidden and restored by a moderator, and hidden while its owner is suspended', async () => {
		const test = use();
		const owner = await test.createUser({ complete: true });
		const need = await postNeed(test, owner);
		const moderator = await createModerator(test);
		const hidden = () => send(test, null, 'GET', `/needs/${need.id}`).then((r) => r.status);
		await moderated(test, moderator, { action: 'hideNeed', needId: need.id, reason: 'scam' });
		expect(await hidden()).toBe(404);
		await moderated(test, moderator, { action: 'restoreNeed', needId: need.id });
		expect(await hidden()).toBe(200);
		const audit = await test.request('/moderation/audit-log', { user: moderator });
		expect((await audit.json()).data[0]).toMatchObject({
			action: 'restoreNeed',
			target: { kind: 'need', id: need.id, name: need.title },
		});

		await moderated(test, moderator, { action: 'suspendUser', userId: owner.id, reason: 'scam' });
		expect(await hidden()).toBe(404);
		await moderated(test, moderator, { action: 'liftSuspension', userId: owner.id });
		expect(await hidden()).toBe(200);
	});

	it('are in their owner’s data and go with their account', async () => {
		const test = use();
		const owner = await test.createUser({ complete: true });
		const need = await postNeed(test, owner, { photo: await photoUrl() });
		const [row] = await test.server.db.select().from(users).where(eq(users.id, owner.id));
		const data = await accountExport(test.server.db, row!, 'https://hibahin.test');
		expect(data.needs).toMatchObject([
			{
				id: need.id,
				title: need.title,
				state: 'open',
				photo: expect.stringMatching(/^https:\/\/hibahin\.test\/media\/needs\//),
			},
		]);
		await purgeAccount(test.server, owner.id);
		expect(await storedNeeds(test, owner)).toEqual([]);
		await expectError(await send(test, null, 'GET', `/needs/${need.id}`), 404, 'NOT_FOUND');
	});
});
