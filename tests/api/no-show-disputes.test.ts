import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { reliabilityLimits } from '~/config/limits';
import type { Givings } from '~/features/heroes/heroes';
import type { ItemRequest } from '~/features/requests/requests';
import { itemRequests, noShowDisputes } from '~/server/db/schema';
import { expectError } from '../helpers/items';
import {
	act,
	givingIn,
	newNotifications,
	notificationsOf,
	requestsForItem,
	requestsOf,
} from '../helpers/requests';
import { createModerator } from '../helpers/safety';
import { describeOnDatabases, type TestServer, type TestUser } from '../helpers/test-server';

const statement = 'I came at the agreed time and waited twenty minutes; nobody opened the gate.';

function dispute(
	test: TestServer,
	user: TestUser | null,
	requestId: number,
	body: unknown = { statement },
	language = 'en',
) {
	return test.request(`/requests/${requestId}/no-show-dispute`, {
		method: 'POST',
		user,
		headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
		body: JSON.stringify(body),
	});
}

function decide(
	test: TestServer,
	user: TestUser | null,
	requestId: number | string,
	body: unknown,
) {
	return test.request(`/moderation/no-show-disputes/${requestId}`, {
		method: 'POST',
		user,
		headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
		body: JSON.stringify(body),
	});
}

async function givingsOf(test: TestServer, user: TestUser): Promise<Givings> {
	return (await (await test.request(`/profile/${user.id}`)).json()).data.stats.givings;
}

async function deskQueue(test: TestServer, moderator: TestUser) {
	const response = await test.request('/moderation/no-show-disputes', { user: moderator });
	expect(response.status).toBe(200);
	return (await response.json()).data as { requestId: number; against: string }[];
}

async function storedDisputes(test: TestServer, requestId: number) {
	return test.server.db
		.select()
		.from(noShowDisputes)
		.where(eq(noShowDisputes.requestId, requestId));
}

describeOnDatabases('Disputing a no-show', (use) => {
	it('lets a receiver dispute a no-show once; it counts until a moderator strikes it', async () => {
		const test = use();
		const giving = await givingIn(test, 'reserved');
		const { donor, receiver, item } = giving;
		const declined = await act(test, donor, giving.request.id, {
			action: 'decline',
			reason: 'noShow',
		});
		expect(declined.noShowDispute).toBeNull();
		const [mine] = await requestsOf(test, receiver, item.id);
		expect(mine!.noShowDispute).toBe('disputable');

		// Too short, too long or missing: refused by name, nothing stored.
		for (const body of [{ statement: 'no' }, { statement: 'x'.repeat(501) }, {}]) {
			const error = await expectError(
				await dispute(test, receiver, declined.id, body),
				400,
				'VALIDATION_ERROR',
			);
			expect(error.fields).toEqual({ statement: 'requests.errors.disputeStatementLength' });
		}
		expect(await storedDisputes(test, declined.id)).toEqual([]);

		const response = await dispute(test, receiver, declined.id);
		expect(response.status).toBe(201);
		expect(((await response.json()).data as ItemRequest).noShowDispute).toBe('pending');
		const [asDonor] = await requestsForItem(test, donor, item.id);
		expect(asDonor!.noShowDispute).toBe('pending');
		// Disputed, it still counts.
		expect((await givingsOf(test, receiver)).noShows).toBe(1);

		const again = await expectError(
			await dispute(test, receiver, declined.id),
			409,
			'REQUEST_CONFLICT',
		);
		expect(again.message).toBe(
			'This no-show was disputed already. A no-show can be disputed once.',
		);

		const moderator = await createModerator(test);
		expect(await deskQueue(test, moderator)).toContainEqual(
			expect.objectContaining({
				requestId: declined.id,
				against: 'receiver',
				disputer: { id: receiver.id, name: 'Budi Santoso' },
				other: { id: donor.id, name: 'Ani Wijaya' },
				statement,
				item: { id: item.id, name: item.name },
			}),
		);
		const bell = await notificationsOf(test, receiver, 'en');
		await expectError(
			await decide(test, moderator, declined.id, { decision: 'maybe' }),
			400,
			'VALIDATION_ERROR',
		);
		const decided = await decide(test, moderator, declined.id, {
			decision: 'struck',
			note: 'The donor confirmed by chat that they were away.',
		});
		expect(decided.status).toBe(201);
		expect(await newNotifications(test, receiver, bell)).toEqual([
			expect.objectContaining({
				kind: 'noShowStruck',
				text: `A moderator struck the no-show for ${item.name} from your record, as you disputed.`,
				path: '/my-requests',
			}),
		]);
		expect((await givingsOf(test, receiver)).noShows).toBe(0);
		expect((await requestsOf(test, receiver, item.id))[0]!.noShowDispute).toBe('struck');
		expect((await requestsForItem(test, donor, item.id))[0]!.receiver!.noShows).toBe(0);
		expect(await deskQueue(test, moderator)).not.toContainEqual(
			expect.objectContaining({ requestId: declined.id }),
		);
		await expectError(
			await decide(test, moderator, declined.id, { decision: 'upheld' }),
			409,
			'REQUEST_CONFLICT',
		);
		const log = (await (await test.request('/moderation/audit-log', { user: moderator })).json())
			.data as { action: string; target: { id: string }; note: string | null }[];
		expect(log[0]).toMatchObject({
			action: 'strikeNoShow',
			target: { kind: 'user', id: receiver.id },
			note: 'The donor confirmed by chat that they were away.',
		});
	});

	it('lets a donor dispute the no-show a receiver recorded; upheld, it stands', async () => {
		const test = use();
		const giving = await givingIn(test, 'reserved');
		const { donor, receiver, item } = giving;
		await act(test, receiver, giving.request.id, 'reportNoShow');
		expect((await requestsForItem(test, donor, item.id))[0]!.noShowDispute).toBe('disputable');
		expect((await requestsOf(test, receiver, item.id))[0]!.noShowDispute).toBeNull();
		// The receiver who recorded it cannot dispute it.
		const notYours = await expectError(
			await dispute(test, receiver, giving.request.id),
			409,
			'REQUEST_CONFLICT',
		);
		expect(notYours.message).toBe('Only the person this no-show counts against can dispute it.');

		const inIndonesian = await dispute(test, donor, giving.request.id, { statement }, 'id');
		expect(inIndonesian.status).toBe(201);
		const moderator = await createModerator(test);
		const bell = await notificationsOf(test, donor, 'en');
		expect((await decide(test, moderator, giving.request.id, { decision: 'upheld' })).status).toBe(
			201,
		);
		expect(await newNotifications(test, donor, bell)).toEqual([
			expect.objectContaining({
				kind: 'noShowUpheld',
				path: `/my-items/${item.id}/requests`,
			}),
		]);
		expect((await givingsOf(test, donor)).donorNoShows).toBe(1);
		expect((await requestsForItem(test, donor, item.id))[0]!.noShowDispute).toBe('upheld');
	});

	it('refuses everyone else, requests that are not no-shows, and no-shows past 90 days', async () => {
		const test = use();
		const expired = await givingIn(test, 'expired');
		const member = await test.createUser({ complete: true, name: 'Citra Lestari' });
		await expectError(await dispute(test, member, expired.request.id), 404, 'NOT_FOUND');
		await expectError(await dispute(test, null, expired.request.id), 401, 'UNAUTHORIZED');
		await expectError(await dispute(test, member, 999_999_999), 404, 'NOT_FOUND');
		await expectError(
			await dispute(test, expired.donor, expired.request.id),
			409,
			'REQUEST_CONFLICT',
		);
		// A members' own hand-over is no no-show of anyone's.
		const confirmed = await givingIn(test, 'confirmed');
		await expectError(
			await dispute(test, confirmed.receiver, confirmed.request.id),
			409,
			'REQUEST_CONFLICT',
		);

		// An expired reservation is the receiver's no-show, until it is 90 days old.
		await test.server.db
			.update(itemRequests)
			.set({ closedAt: new Date(Date.now() - reliabilityLimits.recordWindowMs - 60_000) })
			.where(eq(itemRequests.id, expired.request.id));
		expect((await requestsOf(test, expired.receiver, expired.item.id))[0]!.noShowDispute).toBe(
			null,
		);
		await expectError(
			await dispute(test, expired.receiver, expired.request.id),
			409,
			'REQUEST_CONFLICT',
		);
		expect(await storedDisputes(test, expired.request.id)).toEqual([]);

		// The desk is the moderators' alone.
		await expectError(
			await test.request('/moderation/no-show-disputes', { user: member }),
			404,
			'NOT_FOUND',
		);
		await expectError(
			await decide(test, member, expired.request.id, { decision: 'struck' }),
			404,
			'NOT_FOUND',
		);
		const moderator = await createModerator(test);
		await expectError(
			await decide(test, moderator, expired.request.id, { decision: 'struck' }),
			404,
			'NOT_FOUND',
		);
		await expectError(
			await decide(test, moderator, 'abc', { decision: 'struck' }),
			404,
			'NOT_FOUND',
		);
	});
});
