import { expect, it } from 'vitest';
import type { NotificationList } from '~/features/notifications/notifications';
import { createItemFor, expectError } from '../helpers/items';
import { ask, notificationsOf } from '../helpers/requests';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

describeOnDatabases('Notifications', (use) => {
	/** A donor told of `asks` requests for their item, each from a new receiver. */
	async function toldDonor(asks = 1) {
		const donor = await use().createUser({ complete: true, name: 'Ani Wijaya' });
		const item = await createItemFor(use(), donor, { quantity: '3' });
		for (let index = 0; index < asks; index += 1) {
			await ask(use(), await use().createUser({ complete: true, name: 'Budi Santoso' }), item.id);
		}
		return { donor, item };
	}

	const markRead = (user: TestUser | null, body: unknown, headers: Record<string, string> = {}) =>
		use().request('/notifications/read', {
			method: 'POST',
			user,
			headers: { 'Content-Type': 'application/json', ...headers },
			body: JSON.stringify(body),
		});

	async function unreadAfter(response: Response): Promise<number> {
		const body = await response.json();
		expect(response.status, JSON.stringify(body)).toBe(200);
		return (body as { data: { unread: number } }).data.unread;
	}

	it.each([
		['en', 'Budi Santoso asked for Kursi kayu jati.'],
		['en-US,en;q=0.9', 'Budi Santoso asked for Kursi kayu jati.'],
		['id', 'Budi Santoso meminta 1 Kursi kayu jati.'],
		[undefined, 'Budi Santoso meminta 1 Kursi kayu jati.'],
	])('lists them in the language asked for (%s)', async (language, text) => {
		const { donor, item } = await toldDonor();
		expect(await notificationsOf(use(), donor, language)).toEqual({
			unread: 1,
			notifications: [
				{
					id: expect.any(Number),
					kind: 'requestCreated',
					text,
					path: `/my-items/${item.id}/requests`,
					createdAt: expect.any(String),
					read: false,
				},
			],
		});
	});

	it('answers 304 to If-None-Match while nothing changed, and a new ETag after a notification', async () => {
		const { donor, item } = await toldDonor();
		const first = await use().request('/notifications', { user: donor });
		expect(first.status).toBe(200);
		expect(first.headers.get('Cache-Control')).toBe('private, no-cache');
		const etag = first.headers.get('ETag');
		expect(etag).toBeTruthy();

		const unchanged = await use().request('/notifications', {
			user: donor,
			headers: { 'If-None-Match': etag! },
		});
		expect(unchanged.status).toBe(304);
		expect(await unchanged.text()).toBe('');

		await ask(use(), await use().createUser({ complete: true }), item.id);
		const changed = await use().request('/notifications', {
			user: donor,
			headers: { 'If-None-Match': etag! },
		});
		expect(changed.status).toBe(200);
		expect(changed.headers.get('ETag')).not.toBe(etag);
		expect(((await changed.json()) as { data: NotificationList }).data.unread).toBe(2);
	});

	it('marks the listed notifications read, then all of them', async () => {
		const { donor } = await toldDonor(3);
		const { notifications } = await notificationsOf(use(), donor);
		const [newest, middle, oldest] = notifications;

		expect(await unreadAfter(await markRead(donor, { ids: [middle!.id] }))).toBe(2);
		expect(await notificationsOf(use(), donor)).toMatchObject({
			unread: 2,
			notifications: [
				{ id: newest!.id, read: false },
				{ id: middle!.id, read: true },
				{ id: oldest!.id, read: false },
			],
		});

		expect(await unreadAfter(await markRead(donor, {}))).toBe(0);
		const after = await notificationsOf(use(), donor);
		expect(after.unread).toBe(0);
		expect(after.notifications.map((notification) => notification.read)).toEqual([
			true,
			true,
			true,
		]);
	});

	it('neither shows nor marks anyone’s notifications to another user', async () => {
		const { donor } = await toldDonor(2);
		const before = await notificationsOf(use(), donor);
		const stranger = await use().createUser({ complete: true });
		expect(await notificationsOf(use(), stranger)).toEqual({ unread: 0, notifications: [] });

		const ids = before.notifications.map((notification) => notification.id);
		expect(await unreadAfter(await markRead(stranger, { ids }))).toBe(0);
		expect(await unreadAfter(await markRead(stranger, {}))).toBe(0);
		expect(await notificationsOf(use(), donor)).toEqual(before);
	});

	it('answers 401 UNAUTHORIZED when signed out', async () => {
		await expectError(await use().request('/notifications'), 401, 'UNAUTHORIZED');
		await expectError(await markRead(null, {}), 401, 'UNAUTHORIZED');
	});

	it('refuses ids that are not notification ids (400), marking nothing', async () => {
		const { donor } = await toldDonor();
		const before = await notificationsOf(use(), donor);
		await expectError(await markRead(donor, { ids: ['all'] }), 400, 'VALIDATION_ERROR');
		await expectError(await markRead(donor, { ids: [0] }), 400, 'VALIDATION_ERROR');
		expect(await notificationsOf(use(), donor)).toEqual(before);
	});

	it('refuses to mark them read from another site (403)', async () => {
		const { donor } = await toldDonor();
		const before = await notificationsOf(use(), donor);
		const response = await markRead(donor, {}, { Origin: 'https://evil.example' });
		await expectError(response, 403, 'FORBIDDEN');
		expect(await notificationsOf(use(), donor)).toEqual(before);
	});
});
