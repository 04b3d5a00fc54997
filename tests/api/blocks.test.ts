import { expect, it } from 'vitest';
import { createItemFor, expectError, getItem } from '../helpers/items';
import { askFor, requestsOf } from '../helpers/requests';
import { describeOnDatabases } from '../helpers/test-server';

describeOnDatabases('Blocking', (use) => {
	const person = (name = 'Budi Santoso') => use().createUser({ complete: true, name });

	it('stops a blocked person from requesting the donor’s items and seeing the phone, until unblocked', async () => {
		const donor = await person('Ani Wijaya');
		const blocked = await person('Joko');
		const item = await createItemFor(use(), donor);
		expect((await getItem(use(), item.id, blocked))?.donor.phone).toEqual(expect.any(String));

		const response = await use().request(`/blocks/${blocked.id}`, { method: 'PUT', user: donor });
		expect(response.status).toBe(200);
		expect((await response.json()).data).toEqual([
			{ id: blocked.id, name: 'Joko', avatar: null, blockedAt: expect.any(String) },
		]);
		expect((await getItem(use(), item.id, blocked))?.donor.phone).toBeUndefined();
		expect((await getItem(use(), item.id, blocked))?.donor.hasPhone).toBe(true);
		const refused = await expectError(
			await askFor(use(), blocked, item.id, { quantity: 1 }),
			403,
			'BLOCKED',
		);
		expect(refused.message).toBe('Donatur ini tidak menerima permintaan darimu.');
		expect(await requestsOf(use(), blocked)).toEqual([]);

		const unblocked = await use().request(`/blocks/${blocked.id}`, {
			method: 'DELETE',
			user: donor,
		});
		expect((await unblocked.json()).data).toEqual([]);
		expect((await askFor(use(), blocked, item.id, { quantity: 1 })).status).toBe(201);
	});

	it('lists only the caller’s own blocks; blocking twice keeps one', async () => {
		const donor = await person('Ani Wijaya');
		const other = await person('Sari');
		const blocked = await person('Joko');
		await use().request(`/blocks/${blocked.id}`, { method: 'PUT', user: donor });
		await use().request(`/blocks/${blocked.id}`, { method: 'PUT', user: donor });
		const mine = await use().request('/blocks', { user: donor });
		expect((await mine.json()).data).toHaveLength(1);
		expect((await (await use().request('/blocks', { user: other })).json()).data).toEqual([]);
	});

	it('refuses blocking oneself (400), someone unknown (404) and signed-out callers (401)', async () => {
		const donor = await person('Ani Wijaya');
		await expectError(
			await use().request(`/blocks/${donor.id}`, { method: 'PUT', user: donor }),
			400,
			'VALIDATION_ERROR',
			{ userId: 'blocks.errors.self' },
		);
		await expectError(
			await use().request('/blocks/nobody', { method: 'PUT', user: donor }),
			404,
			'NOT_FOUND',
		);
		await expectError(
			await use().request(`/blocks/${donor.id}`, { method: 'PUT' }),
			401,
			'UNAUTHORIZED',
		);
		expect((await (await use().request('/blocks', { user: donor })).json()).data).toEqual([]);
	});
});
