import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushLimits } from '~/config/limits';
import { appSecrets, pushSubscriptions, users } from '~/server/db/schema';
import { lazyVapidDetails } from '~/server/vapid';
import { expectError } from '../helpers/items';
import { type PushReceiver, startPushReceiver } from '../helpers/push-receiver';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

let receiver: PushReceiver;
beforeAll(async () => {
	receiver = await startPushReceiver();
});
afterAll(() => receiver.close());

/** Keys as a browser makes them: an uncompressed P-256 public key and a 16-byte secret. */
function deviceKeys() {
	const ecdh = createECDH('prime256v1');
	ecdh.generateKeys();
	return {
		p256dh: ecdh.getPublicKey().toString('base64url'),
		auth: randomBytes(16).toString('base64url'),
	};
}

describeOnDatabases(
	'Push subscriptions',
	(use) => {
		const subscribe = (user: TestUser | null, body: unknown, headers: HeadersInit = {}) =>
			use().request('/push/subscriptions', {
				method: 'POST',
				user,
				headers: { 'Content-Type': 'application/json', ...headers },
				body: JSON.stringify(body),
			});
		const unsubscribe = (user: TestUser | null, endpoint: string) =>
			use().request('/push/subscriptions', {
				method: 'DELETE',
				user,
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ endpoint }),
			});
		const devicesOf = async (user: TestUser) =>
			(
				await use()
					.server.db.select()
					.from(pushSubscriptions)
					.where(eq(pushSubscriptions.userId, user.id))
					.orderBy(pushSubscriptions.id)
			).map((row) => row.endpoint);
		const everyDevice = async () =>
			(await use().server.db.select().from(pushSubscriptions)).map((row) => row.endpoint);

		describe('the site’s key', () => {
			it('is an uncompressed P-256 key, made once and kept for every process on the database', async () => {
				const response = await use().request('/push/key');
				expect(response.status).toBe(200);
				const { publicKey } = (await response.json()).data as { publicKey: string };
				expect(publicKey).toMatch(/^[\w-]{87}$/);
				const point = Buffer.from(publicKey, 'base64url');
				expect([point.length, point[0]]).toEqual([65, 0x04]);
				expect((await (await use().request('/push/key')).json()).data.publicKey).toBe(publicKey);
				// Another process on the same database reads the pair the first one stored.
				const other = lazyVapidDetails(use().server.db, use().server.config.push);
				expect((await other()).publicKey).toBe(publicKey);
				const [stored] = await use()
					.server.db.select()
					.from(appSecrets)
					.where(eq(appSecrets.name, 'vapid-keys'));
				expect(stored?.value).toMatchObject({ publicKey });
			});
		});

		describe('subscribing a device', () => {
			it('keeps the browser’s subscription for the signed-in person, once per device', async () => {
				const me = await use().createUser();
				const device = receiver.subscribe();
				const response = await subscribe(me, device);
				expect(response.status).toBe(201);
				expect((await response.json()).data).toEqual({ endpoint: device.endpoint });
				expect((await subscribe(me, { ...device, expirationTime: 1_900_000_000_000 })).status).toBe(
					201,
				);
				expect(await devicesOf(me)).toEqual([device.endpoint]);
			});

			it('takes the addresses of the browsers’ push services', async () => {
				const me = await use().createUser();
				const endpoints = [
					'https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHqjZxM0VImWWqDRN7U0a3AycjUf4O-byuxb_wJsKRaKvV_iKw56s16ekq6FUqoCF7k2nqjg5xkdXwP8Jlp4Wm5k2Q',
					'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
					'https://web.push.apple.com/QGuQyavXutnMH6mOe1FsUi2TRaH9ZzWI',
					'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
				];
				for (const endpoint of endpoints) {
					const response = await subscribe(me, { endpoint, keys: deviceKeys() });
					expect(response.status, endpoint).toBe(201);
				}
				expect(await devicesOf(me)).toEqual(endpoints);
			});

			it('refuses any other address, in the caller’s language, storing nothing', async () => {
				const me = await use().createUser();
				const before = await everyDevice();
				const endpoints = [
					'http://127.0.0.1:9/push/1',
					'http://169.254.169.254/latest/meta-data',
					'https://evil.example/push/1',
					'http://fcm.googleapis.com/fcm/send/1',
					'https://fcm.googleapis.com.evil.example/fcm/send/1',
					'https://fcm.googleapis.com:8443/fcm/send/1',
					'https://user@fcm.googleapis.com/fcm/send/1',
					'https://notify.windows.com.evil.example/w/1',
					'ftp://updates.push.services.mozilla.com/wpush/1',
					'no address at all',
				];
				for (const endpoint of endpoints) {
					const error = await expectError(
						await subscribe(me, { endpoint, keys: deviceKeys() }),
						400,
						'PUSH_SERVICE_UNKNOWN',
						{ endpoint: 'notifications.push.errors.endpoint' },
					);
					expect(error.message, endpoint).toMatch(/layanan push-nya tidak kami kenal/);
				}
				const english = await expectError(
					await subscribe(
						me,
						{ endpoint: endpoints[2], keys: deviceKeys() },
						{ 'Accept-Language': 'en' },
					),
					400,
					'PUSH_SERVICE_UNKNOWN',
				);
				expect(english.message).toMatch(/do not know its push service/);
				expect(await everyDevice()).toEqual(before);
			});

			it('refuses keys that are no P-256 public key and 16-byte secret, and bodies of no shape', async () => {
				const me = await use().createUser();
				const { endpoint } = receiver.subscribe();
				const good = deviceKeys();
				const compressed = Buffer.from(good.p256dh, 'base64url');
				const badKeys = [
					{
						...good,
						p256dh: Buffer.concat([Buffer.of(2), compressed.subarray(1, 33)]).toString('base64url'),
					},
					{
						...good,
						p256dh: Buffer.concat([Buffer.of(5), compressed.subarray(1)]).toString('base64url'),
					},
					{ ...good, auth: randomBytes(12).toString('base64url') },
					{ ...good, auth: `${good.auth.slice(0, -1)}+` },
					{ ...good, p256dh: 'A'.repeat(pushLimits.keyMaxLength + 1) },
					{ p256dh: good.p256dh },
					'keys',
				];
				for (const keys of badKeys) {
					await expectError(await subscribe(me, { endpoint, keys }), 400, 'VALIDATION_ERROR', {
						keys: 'notifications.push.errors.keys',
					});
				}
				const long = `${receiver.origin}/push/${'a'.repeat(pushLimits.endpointMaxLength)}`;
				for (const body of [
					{ keys: good },
					{ endpoint: 42, keys: good },
					{ endpoint: long, keys: good },
				]) {
					await expectError(await subscribe(me, body), 400, 'VALIDATION_ERROR', {
						endpoint: 'notifications.push.errors.endpoint',
					});
				}
				await expectError(
					await subscribe(me, { endpoint, expirationTime: 'soon', keys: good }),
					400,
					'VALIDATION_ERROR',
					{ expirationTime: 'notifications.push.errors.subscription' },
				);
				expect(await devicesOf(me)).toEqual([]);
			});

			it('is for signed-in people, from the site itself', async () => {
				const device = receiver.subscribe();
				await expectError(await subscribe(null, device), 401, 'UNAUTHORIZED');
				const me = await use().createUser();
				await expectError(
					await subscribe(me, device, { Origin: 'https://evil.example' }),
					403,
					'FORBIDDEN',
				);
				await expectError(await unsubscribe(null, device.endpoint), 401, 'UNAUTHORIZED');
				expect(await everyDevice()).not.toContain(device.endpoint);
			});

			it('lets a suspended person choose their devices, to hear when the suspension ends', async () => {
				const me = await use().createUser();
				await use()
					.server.db.update(users)
					.set({ suspendedAt: new Date() })
					.where(eq(users.id, me.id));
				const device = receiver.subscribe();
				expect((await subscribe(me, device)).status).toBe(201);
				expect((await unsubscribe(me, device.endpoint)).status).toBe(204);
				expect(await devicesOf(me)).toEqual([]);
			});

			it(`keeps ${pushLimits.devicesPerUser} devices a person, dropping the oldest`, async () => {
				const me = await use().createUser();
				const devices = Array.from({ length: pushLimits.devicesPerUser + 1 }, () =>
					receiver.subscribe(),
				);
				for (const device of devices) expect((await subscribe(me, device)).status).toBe(201);
				expect(await devicesOf(me)).toEqual(devices.slice(1).map((device) => device.endpoint));
			});
		});

		describe('one device, one person', () => {
			it('moves a device to whoever subscribed it last, with its new keys', async () => {
				const ani = await use().createUser();
				const budi = await use().createUser();
				const device = receiver.subscribe();
				await subscribe(ani, device);
				const renewed = { endpoint: device.endpoint, keys: deviceKeys() };
				expect((await subscribe(budi, renewed)).status).toBe(201);
				expect(await devicesOf(ani)).toEqual([]);
				const [row] = await use()
					.server.db.select()
					.from(pushSubscriptions)
					.where(eq(pushSubscriptions.endpoint, device.endpoint));
				expect(row).toMatchObject({ userId: budi.id, ...renewed.keys });
			});

			it('stops a device only for the person it belongs to', async () => {
				const ani = await use().createUser();
				const budi = await use().createUser();
				const device = receiver.subscribe();
				await subscribe(budi, device);
				expect((await unsubscribe(ani, device.endpoint)).status).toBe(204);
				expect(await devicesOf(budi)).toEqual([device.endpoint]);
				expect((await unsubscribe(budi, device.endpoint)).status).toBe(204);
				expect(await devicesOf(budi)).toEqual([]);
				expect((await unsubscribe(budi, device.endpoint)).status).toBe(204);
			});
		});
	},
	{ env: () => ({ PUSH_ALLOWED_ORIGINS: receiver.origin }) },
);
