import { expect, it } from 'vitest';
import { rateLimitRules } from '~/server/rate-limit';
import { createItemFor, expectError } from '../helpers/items';
import { askFor, notificationsOf, requestsOf } from '../helpers/requests';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

describeOnDatabases('Asking within the write limit', (use) => {
	const person = (name = 'Budi Santoso') => use().createUser({ complete: true, name });
	const writeKey = (user: TestUser) => `write:user:${user.id}`;

	async function listed() {
		const donor = await person('Ani Wijaya');
		const receiver = await person();
		const item = await createItemFor(use(), donor, { quantity: '2' });
		return { donor, receiver, item };
	}

	it('counts every ask toward the 60 writes a minute, invalid ones included', async () => {
		const { receiver, item } = await listed();
		expect((await askFor(use(), receiver, item.id, { quantity: 1 })).status).toBe(201);
		for (let write = 1; write < rateLimitRules.write.limit; write++) {
			const quantity = write % 3 === 0 ? 0 : (write % 2) + 1;
			const response = await askFor(use(), receiver, item.id, { quantity });
			expect(response.status).toBe(quantity === 0 ? 400 : 200);
			await response.body?.cancel();
		}
		expect(await use().server.rateLimiter.peek(writeKey(receiver))).toMatchObject({
			count: rateLimitRules.write.limit,
		});

		const invalid = await askFor(use(), receiver, item.id, { quantity: 0 });
		await expectError(invalid, 429, 'RATE_LIMITED');
	});

	it('refuses an ask past the limit with 429 in the caller’s language, storing nothing', async () => {
		const { donor, receiver, item } = await listed();
		expect((await askFor(use(), receiver, item.id, { quantity: 1 })).status).toBe(201);
		for (let write = 1; write < rateLimitRules.write.limit; write++) {
			await use().server.rateLimiter.hit(writeKey(receiver), rateLimitRules.write);
		}
		const another = await createItemFor(use(), donor, { quantity: '1' });
		const before = {
			requests: await requestsOf(use(), receiver),
			bell: await notificationsOf(use(), donor),
		};

		const changed = await askFor(use(), receiver, item.id, { quantity: 2 }, 'en');
		expect(Number(changed.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
		const english = await expectError(changed, 429, 'RATE_LIMITED');
		const created = await askFor(use(), receiver, another.id, { quantity: 1 }, 'id');
		const indonesian = await expectError(created, 429, 'RATE_LIMITED');
		expect(english.message).not.toEqual(indonesian.message);

		expect({
			requests: await requestsOf(use(), receiver),
			bell: await notificationsOf(use(), donor),
		}).toEqual(before);
		// Someone else still asks.
		const other = await person('Citra Lestari');
		expect((await askFor(use(), other, item.id, { quantity: 1 })).status).toBe(201);
	});
});
