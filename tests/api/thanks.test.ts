import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { thanksLimits } from '~/config/limits';
import { accountExport } from '~/features/account/account-export.server';
import { purgeAccount } from '~/features/account/account-deletion.server';
import type { ThankYou } from '~/features/thanks/thanks';
import { moderationActions, thankYous, users } from '~/server/db/schema';
import { expectError, jpegBytes } from '../helpers/items';
import { givingIn, newNotifications, notificationsOf } from '../helpers/requests';
import { createModerator, moderate, moderated, report } from '../helpers/safety';
import { describeOnDatabases, type TestServer, type TestUser } from '../helpers/test-server';

/** `POST /requests/{id}/thanks` as `user`. */
function thank(
	test: TestServer,
	user: TestUser | null,
	requestId: number,
	body: Record<string, unknown>,
) {
	return test.request(`/requests/${requestId}/thanks`, {
		method: 'POST',
		user,
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	});
}

async function shown(test: TestServer, path: string): Promise<ThankYou[]> {
	const response = await test.request(path);
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: ThankYou[] }).data;
}

const onProfile = (test: TestServer, donor: TestUser) => shown(test, `/profile/${donor.id}/thanks`);
const onItem = (test: TestServer, itemId: number) => shown(test, `/items/${itemId}/thanks`);

/** The thank-yous stored for a giving, read from the database: a refusal stores none. */
const storedCount = async (test: TestServer, requestId: number) =>
	(
		await test.server.db
			.select({ id: thankYous.id })
			.from(thankYous)
			.where(eq(thankYous.requestId, requestId))
	).length;

async function photoUrl(): Promise<string> {
	return `data:image/jpeg;base64,${(await jpegBytes(320, 240)).toString('base64')}`;
}

describeOnDatabases('Thank-yous', (use) => {
	it('are written by the receiver of a confirmed giving, shown on the donor’s profile and the item page, and tell the donor', async () => {
		const test = use();
		const { donor, receiver, item, request } = await givingIn(test, 'confirmed');
		const bell = await notificationsOf(test, donor, 'en');

		const response = await thank(test, receiver, request.id, {
			message: '  Terima kasih banyak, lemarinya sudah dipakai anak saya!  ',
			photo: await photoUrl(),
		});
		expect(response.status, await response.clone().text()).toBe(201);
		const { id } = ((await response.json()) as { data: { id: number } }).data;

		const [thanks] = await onProfile(test, donor);
		expect(thanks).toMatchObject({
			id,
			message: 'Terima kasih banyak, lemarinya sudah dipakai anak saya!',
			item: { id: item.id, name: item.name },
			receiver: { id: receiver.id, name: 'Budi Santoso' },
			photo: { src: expect.stringMatching(/^\/media\/thanks\/[a-f0-9]{32}\.webp$/) },
		});
		expect(await onItem(test, item.id)).toEqual([thanks]);
		expect(await newNotifications(test, donor, bell)).toEqual([
			expect.objectContaining({
				kind: 'thanked',
				text: `Budi Santoso thanked you for ${item.name}.`,
				path: `/items/${item.id}`,
			}),
		]);
		const mine = await test.request('/thanks/mine', { user: receiver });
		expect((await mine.json()).data).toEqual([{ id, requestId: request.id }]);

		// One thank-you per giving.
		const again = await thank(test, receiver, request.id, {
			message: 'Sekali lagi, terima kasih!',
		});
		const error = await expectError(again, 409, 'REQUEST_CONFLICT');
		expect(error.message).toBe('Kamu sudah berterima kasih kepada Pemberi untuk hibah ini.');
		expect(await storedCount(test, request.id)).toBe(1);
	});

	it('are refused to the donor, another member, a stranger and before the hand-over is confirmed', async () => {
		const test = use();
		const { donor, receiver, request } = await givingIn(test, 'confirmed');
		const member = await test.createUser({ complete: true, name: 'Citra Lestari' });
		const body = { message: 'Terima kasih!' };
		await expectError(await thank(test, donor, request.id, body), 403, 'FORBIDDEN');
		await expectError(await thank(test, member, request.id, body), 404, 'NOT_FOUND');
		await expectError(await thank(test, null, request.id, body), 401, 'UNAUTHORIZED');
		await expectError(await thank(test, receiver, 999_999_999, body), 404, 'NOT_FOUND');
		await expectError(await thank(test, receiver, Number.NaN, body), 404, 'NOT_FOUND');

		expect(await storedCount(test, request.id)).toBe(0);
		for (const state of ['open', 'reserved', 'handedOver'] as const) {
			const giving = await givingIn(test, state);
			const refused = await expectError(
				await test.request(`/requests/${giving.request.id}/thanks`, {
					method: 'POST',
					user: giving.receiver,
					headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
					body: JSON.stringify(body),
				}),
				409,
				'REQUEST_CONFLICT',
			);
			expect(refused.message).toBe(
				'You can thank the donor once you have confirmed you received the item.',
			);
			expect(await storedCount(test, giving.request.id)).toBe(0);
		}
		expect(await onProfile(test, donor)).toEqual([]);
	});

	it('refuse an empty or too long message and a bad photo, storing nothing', async () => {
		const test = use();
		const { receiver, request } = await givingIn(test, 'confirmed');
		const tooLong = 'a'.repeat(thanksLimits.messageMax + 1);
		await expectError(
			await thank(test, receiver, request.id, { message: tooLong }),
			400,
			'VALIDATION_ERROR',
			{
				message: 'thanks.errors.messageMax',
			},
		);
		await expectError(
			await thank(test, receiver, request.id, { message: '   ' }),
			400,
			'VALIDATION_ERROR',
			{
				message: 'thanks.errors.messageRequired',
			},
		);
		await expectError(await thank(test, receiver, request.id, {}), 400, 'VALIDATION_ERROR', {
			message: 'thanks.errors.messageRequired',
		});
		await expectError(
			await thank(test, receiver, request.id, {
				message: 'Makasih!',
				photo: 'https://example.com/a.jpg',
			}),
			400,
			'VALIDATION_ERROR',
			{ photo: 'thanks.errors.photoInvalid' },
		);
		const notAnImage = `data:image/png;base64,${Buffer.from('not a picture at all').toString('base64')}`;
		await expectError(
			await thank(test, receiver, request.id, { message: 'Makasih!', photo: notAnImage }),
			415,
			'INVALID_IMAGE_FORMAT',
			{ photo: 'thanks.errors.photoInvalid' },
		);
		const malformed = await test.request(`/requests/${request.id}/thanks`, {
			method: 'POST',
			user: receiver,
			headers: { 'Content-Type': 'application/json' },
			body: '{"message":',
		});
		await expectError(malformed, 400, 'VALIDATION_ERROR');
		expect(await storedCount(test, request.id)).toBe(0);
		// 280 characters exactly is fine.
		const longest = await thank(test, receiver, request.id, {
			message: 'b'.repeat(thanksLimits.messageMax),
		});
		expect(longest.status).toBe(201);
	});

	it('are refused between people who blocked each other', async () => {
		const test = use();
		const { donor, receiver, request } = await givingIn(test, 'confirmed');
		const blocked = await test.request(`/blocks/${receiver.id}`, { method: 'PUT', user: donor });
		expect(blocked.status, await blocked.clone().text()).toBeLessThan(300);
		await expectError(
			await thank(test, receiver, request.id, { message: 'Terima kasih!' }),
			403,
			'BLOCKED',
		);
		expect(await storedCount(test, request.id)).toBe(0);
	});

	it('may be deleted by their writer alone', async () => {
		const test = use();
		const { donor, receiver, request, item } = await givingIn(test, 'confirmed');
		const response = await thank(test, receiver, request.id, { message: 'Terima kasih!' });
		const { id } = (await response.json()).data;
		await expectError(
			await test.request(`/thanks/${id}`, { method: 'DELETE', user: donor }),
			404,
			'NOT_FOUND',
		);
		expect(await onItem(test, item.id)).toHaveLength(1);
		const deleted = await test.request(`/thanks/${id}`, { method: 'DELETE', user: receiver });
		expect(deleted.status).toBe(200);
		expect(await onItem(test, item.id)).toEqual([]);
		expect(await onProfile(test, donor)).toEqual([]);
	});

	it('are reported, reach the desk, and once hidden by a moderator leave the profile and the item page', async () => {
		const test = use();
		const { donor, receiver, request, item } = await givingIn(test, 'confirmed');
		const written = await thank(test, receiver, request.id, { message: 'Makasih, Kak!' });
		const { id } = (await written.json()).data;
		const reporter = await test.createUser({ complete: true, name: 'Rudi Hartono' });
		const moderator = await createModerator(test);

		await expectError(
			await report(test, receiver, { thanksId: id, reason: 'spam' }),
			400,
			'VALIDATION_ERROR',
			{
				target: 'reports.errors.ownTarget',
			},
		);
		await expectError(
			await report(test, reporter, { thanksId: 999_999_999, reason: 'spam' }),
			404,
			'NOT_FOUND',
		);
		await expectError(
			await report(test, reporter, { thanksId: id, itemId: item.id, reason: 'spam' }),
			400,
			'VALIDATION_ERROR',
		);
		const reported = await report(test, reporter, { thanksId: id, reason: 'offensive' });
		expect(reported.status, await reported.clone().text()).toBe(201);

		const queue = await test.request('/moderation/queue', { user: moderator });
		const entry = (await queue.json()).data.find(
			(candidate: { targetKey: string }) => candidate.targetKey === `thanks:${id}`,
		);
		expect(entry).toMatchObject({
			item: null,
			user: null,
			thanks: {
				id,
				message: 'Makasih, Kak!',
				hidden: false,
				item: { id: item.id },
				receiver: { id: receiver.id },
				donor: { id: donor.id },
			},
			reports: [{ reason: 'offensive', reporter: { id: reporter.id } }],
		});

		// Only moderators hide: anyone else is told the desk does not exist.
		for (const user of [reporter, donor, receiver]) {
			await expectError(
				await moderate(test, user, { action: 'hideThanks', thanksId: id, reason: 'offensive' }),
				404,
				'NOT_FOUND',
			);
		}
		expect(await onProfile(test, donor)).toHaveLength(1);
		await expectError(
			await moderate(test, moderator, {
				action: 'hideThanks',
				itemId: item.id,
				reason: 'offensive',
			}),
			400,
			'VALIDATION_ERROR',
		);
		await expectError(
			await moderate(test, moderator, { action: 'hideThanks', thanksId: id }),
			400,
			'VALIDATION_ERROR',
		);

		const bell = await notificationsOf(test, reporter, 'en');
		await moderated(test, moderator, { action: 'hideThanks', thanksId: id, reason: 'offensive' });
		expect(await onProfile(test, donor)).toEqual([]);
		expect(await onItem(test, item.id)).toEqual([]);
		expect(await newNotifications(test, reporter, bell)).toEqual([
			expect.objectContaining({ kind: 'reportActioned' }),
		]);
		const log = await test.server.db
			.select()
			.from(moderationActions)
			.where(eq(moderationActions.targetKey, `thanks:${id}`));
		expect(log).toMatchObject([
			{ action: 'hideThanks', moderatorId: moderator.id, reason: 'offensive' },
		]);
		const audit = await test.request('/moderation/audit-log', { user: moderator });
		expect((await audit.json()).data[0]).toMatchObject({
			action: 'hideThanks',
			target: { kind: 'thanks', id, name: 'Makasih, Kak!' },
		});
		// The closed report leaves the queue.
		const after = await test.request('/moderation/queue', { user: moderator });
		expect(
			(await after.json()).data.some(
				(candidate: { targetKey: string }) => candidate.targetKey === `thanks:${id}`,
			),
		).toBe(false);
	});

	it('are in their writer’s data and go with their account', async () => {
		const test = use();
		const { donor, receiver, request } = await givingIn(test, 'confirmed');
		await thank(test, receiver, request.id, { message: 'Terima kasih!', photo: await photoUrl() });
		const [row] = await test.server.db.select().from(users).where(eq(users.id, receiver.id));
		const data = await accountExport(test.server.db, row!, 'https://hibahin.test');
		expect(data.thanksWritten).toMatchObject([
			{
				requestId: request.id,
				message: 'Terima kasih!',
				photo: expect.stringMatching(/^https:\/\/hibahin\.test\/media\/thanks\//),
			},
		]);
		await purgeAccount(test.server, receiver.id);
		expect(await storedCount(test, request.id)).toBe(0);
		expect(await onProfile(test, donor)).toEqual([]);
	});
});
