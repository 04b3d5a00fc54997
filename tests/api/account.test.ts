import { createECDH, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { deletionGraceMs } from '~/features/account/account';
import { purgeDeletedAccounts } from '~/features/account/account-deletion.server';
import { findOrCreateUser, recordSignIn } from '~/server/auth/users';
import {
	consents,
	localAccounts,
	notificationSettings,
	pushSubscriptions,
	savedSearches,
	users,
} from '~/server/db/schema';
import { createItemFor, expectError, getItem, storedItemFiles } from '../helpers/items';
import { act, ask } from '../helpers/requests';
import { report } from '../helpers/safety';
import { recordConsent } from '~/features/consent/consent.server';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

/** Every table of the public schema, as text, for searching for what must be gone. */
async function everyTableAsText(db: Parameters<typeof purgeDeletedAccounts>[0]['db']) {
	const tables = (await db.execute(
		sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
	)) as unknown as { rows?: Array<{ table_name: string }> } & Array<{ table_name: string }>;
	const names = (tables.rows ?? tables).map((row) => row.table_name);
	const texts: string[] = [];
	for (const name of names) {
		const result = (await db.execute(
			sql`select coalesce(json_agg(t)::text, '') as dump from ${sql.identifier(name)} t`,
		)) as unknown as { rows?: Array<{ dump: string }> } & Array<{ dump: string }>;
		texts.push(`${name}: ${(result.rows ?? result)[0]?.dump ?? ''}`);
	}
	return texts.join('\n');
}

describeOnDatabases('My data and my account', (use) => {
	const person = (name: string) => use().createUser({ complete: true, name });
	const deleteAccount = (user: TestUser | null, confirmation: unknown) =>
		use().request('/account/delete', {
			method: 'POST',
			user,
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ confirmation }),
		});
	const rowOf = async (id: string) =>
		(await use().server.db.select().from(users).where(eq(users.id, id)))[0]!;
	/** Subscribes a phone to push for `user`, as its browser would; answers its address. */
	async function subscribePhone(user: TestUser): Promise<string> {
		const ecdh = createECDH('prime256v1');
		ecdh.generateKeys();
		const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('hex')}`;
		const keys = {
			p256dh: ecdh.getPublicKey().toString('base64url'),
			auth: randomBytes(16).toString('base64url'),
		};
		const response = await use().request('/push/subscriptions', {
			method: 'POST',
			user,
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ endpoint, keys }),
		});
		expect(response.status).toBe(201);
		return endpoint;
	}
	const phonesOf = async (id: string) =>
		use().server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, id));

	it('downloads everything kept about the caller as a JSON file', async () => {
		const donor = await person('Ani Wijaya');
		const me = await person('Budi Santoso');
		const item = await createItemFor(use(), me);
		const theirs = await createItemFor(use(), donor);
		const asked = await ask(use(), me, theirs.id);
		await act(use(), donor, asked.id, 'reserve');
		await report(use(), me, { userId: donor.id, reason: 'spam' });
		await recordSignIn(use().server.db, me.id, 'en');
		const phone = await subscribePhone(me);
		await use()
			.server.db.update(notificationSettings)
			.set({ channels: { requests: { email: false } }, language: 'en' })
			.where(eq(notificationSettings.userId, me.id));

		const response = await use().request('/account/export', { user: me });
		expect(response.status).toBe(200);
		expect(response.headers.get('Content-Disposition')).toMatch(
			/^attachment; filename="hibahin-data-\d{4}-\d{2}-\d{2}\.json"$/,
		);
		const data = await response.json();
		expect(data.profile).toMatchObject({
			id: me.id,
			name: 'Budi Santoso',
			phone: expect.any(String),
		});
		expect(data.items).toEqual([
			expect.objectContaining({
				id: item.id,
				photos: [expect.stringMatching(/^http:\/\/localhost:4321\/media\/items\//)],
			}),
		]);
		expect(data.requests).toEqual([
			expect.objectContaining({ itemId: theirs.id, side: 'receiver' }),
		]);
		expect(data.reports).toEqual([
			expect.objectContaining({ target: `user:${donor.id}`, reason: 'spam' }),
		]);
		expect(data.signIns).toHaveLength(1);
		expect(data.pushDevices).toEqual([{ endpoint: phone, subscribedAt: expect.any(String) }]);
		expect(data.notificationSettings).toMatchObject({
			channels: { requests: { email: false } },
			quietHours: { start: '21:00', end: '07:00' },
			language: 'en',
		});
		expect(data.notifications).toEqual([
			expect.objectContaining({
				kind: 'requestReserved',
				data: expect.objectContaining({ item: theirs.name }),
			}),
		]);
		await expectError(await use().request('/account/export'), 401, 'UNAUTHORIZED');
	});

	it('refuses a deletion without the word shown, and changes nothing', async () => {
		const me = await person('Budi Santoso');
		for (const word of ['', 'hapus akun', 'YES', 42]) {
			await expectError(await deleteAccount(me, word), 400, 'VALIDATION_ERROR', {
				confirmation: 'account.errors.confirmation',
			});
		}
		expect((await rowOf(me.id)).deletionRequestedAt).toBeNull();
		await expectError(await deleteAccount(null, 'HAPUS'), 401, 'UNAUTHORIZED');
	});

	it('signs out at once and hides the account; signing in within the grace period restores it', async () => {
		const me = await person('Budi Santoso');
		const item = await createItemFor(use(), me);
		await subscribePhone(me);
		const response = await deleteAccount(me, 'hapus');
		expect(response.status).toBe(200);
		expect(await phonesOf(me.id)).toEqual([]);
		expect((await use().request('/profile/check', { user: me })).status).toBe(401);
		expect((await getItem(use(), item.id))?.visibility).toBe('hidden');
		expect((await use().request(`/profile/${me.id}`)).status).toBe(404);

		const row = await rowOf(me.id);
		const back = await findOrCreateUser(use().server.db, {
			issuer: row.issuer,
			subject: row.subject,
			email: row.email,
		});
		expect(back).toMatchObject({ id: me.id, name: 'Budi Santoso', deletionRequestedAt: null });
		expect((await getItem(use(), item.id))?.visibility).toBe('listed');
	});

	it('purges after the grace period: nothing personal left in any table or in storage, totals unchanged', async () => {
		const me = await person('Sulastri Wulandari');
		const receiver = await person('Ani Wijaya');
		const giver = await person('Joko Purnomo');
		const available = await createItemFor(use(), me);
		const given = await createItemFor(use(), me, { quantity: '1' });
		const wanted = await createItemFor(use(), giver, { quantity: '2' });
		const request = await ask(use(), receiver, given.id);
		await act(use(), me, request.id, 'reserve');
		await act(use(), me, request.id, { action: 'handOver', quantity: 1 });
		await act(use(), receiver, request.id, 'confirm');
		const mine = await ask(use(), me, wanted.id, 2);
		await act(use(), giver, mine.id, 'reserve');
		await use().request(`/blocks/${giver.id}`, { method: 'PUT', user: me });
		await report(use(), me, { userId: giver.id, reason: 'spam' });
		const account = { id: 'local-sulastri', email: (await rowOf(me.id)).email!, passwordHash: 'x' };
		await use().server.db.insert(localAccounts).values(account);
		await recordSignIn(use().server.db, me.id, 'en');
		await recordConsent(use().server.db, me.id, { terms: true, adult: true });
		const saved = await use().request('/saved-searches', {
			method: 'POST',
			user: me,
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ search: 'lemari jati' }),
		});
		expect(saved.status, await saved.clone().text()).toBe(201);
		await use()
			.server.db.update(notificationSettings)
			.set({ language: 'en', quietStart: null, quietEnd: null })
			.where(eq(notificationSettings.userId, me.id));
		const before = await rowOf(me.id);
		const totals = async () => (await (await use().request('/heroes/totals')).json()).data;
		const totalsBefore = await totals();
		const photosBefore = storedItemFiles(use());

		expect((await deleteAccount(me, 'DELETE')).status).toBe(200);
		expect(
			await purgeDeletedAccounts(use().server, new Date(Date.now() + deletionGraceMs - 60_000)),
		).toBe(0);
		expect(
			await purgeDeletedAccounts(use().server, new Date(Date.now() + deletionGraceMs + 60_000)),
		).toBe(1);

		const dump = await everyTableAsText(use().server.db);
		// Every test profile has the same address: it is checked on the row, the rest everywhere.
		for (const personal of [before.email!, before.phone!, before.name!]) {
			expect(dump).not.toContain(personal);
		}
		const settingsLeft = await use()
			.server.db.select()
			.from(notificationSettings)
			.where(eq(notificationSettings.userId, me.id));
		expect(settingsLeft).toEqual([]);
		const leftIn = (table: typeof consents | typeof savedSearches) =>
			use().server.db.select().from(table).where(eq(table.userId, me.id));
		expect(await leftIn(consents)).toEqual([]);
		expect(await leftIn(savedSearches)).toEqual([]);
		expect(await rowOf(me.id)).toMatchObject({
			address: null,
			areaId: null,
			avatarKey: null,
			bio: null,
		});
		expect(await getItem(use(), available.id)).toBeNull();
		const kept = await getItem(use(), given.id);
		expect(kept).toMatchObject({ status: 'DONATED', donor: { name: '' }, photos: [] });
		expect(await totals()).toEqual(totalsBefore);
		const left = storedItemFiles(use());
		for (const file of photosBefore.filter((file) => !left.includes(file)))
			expect(file).toMatch(/^items\//);
		expect(left.length).toBeLessThan(photosBefore.length);
		for (const photo of [...available.photos, ...given.photos]) {
			expect(left.some((file) => photo.src.includes(file.replace(/^items\//, '')))).toBe(false);
		}
		// The giver got back what the reservation held.
		expect((await getItem(use(), wanted.id))?.reservedQuantity).toBe(0);
		// The same sign-in starts a new, empty account.
		const fresh = await findOrCreateUser(use().server.db, {
			issuer: before.issuer,
			subject: before.subject,
			email: before.email,
		});
		expect(fresh.id).not.toBe(me.id);
	});

	it('lets someone who never completed the profile download their data and delete the account', async () => {
		const newcomer = await use().createUser();
		const response = await use().request('/account/export', { user: newcomer });
		expect(response.status).toBe(200);
		expect((await response.json()).profile).toMatchObject({
			id: newcomer.id,
			name: null,
			phone: null,
			address: null,
		});
		expect((await deleteAccount(newcomer, 'HAPUS')).status).toBe(200);
		expect((await rowOf(newcomer.id)).deletionRequestedAt).not.toBeNull();
	});

	it('clears the browser’s session cookie and sign-in hint with the deletion’s answer', async () => {
		const me = await person('Budi Santoso');
		const response = await use().request('/account/delete', {
			method: 'POST',
			headers: {
				'Content-Type': 'application/json',
				Cookie: `${me.cookie}; hibahin_signed_in=1; hibahin_seen=1`,
			},
			body: JSON.stringify({ confirmation: 'HAPUS' }),
		});
		expect(response.status).toBe(200);
		const cleared = response.headers.getSetCookie();
		expect(cleared).toEqual(
			expect.arrayContaining([
				expect.stringMatching(/^hibahin_session=;.*Max-Age=0.*HttpOnly/),
				expect.stringMatching(/^hibahin_signed_in=;.*Max-Age=0/),
			]),
		);
		// Only that this browser has signed in here before stays, to offer signing in again.
		expect(cleared.some((cookie) => cookie.startsWith('hibahin_seen='))).toBe(false);
	});

	it('clears the cookies of a session that ended elsewhere when a page asks who is signed in', async () => {
		const me = await person('Budi Santoso');
		const withCookies = { Cookie: `${me.cookie}; hibahin_signed_in=1` };
		const signedIn = await use().request('/session', { headers: withCookies });
		expect((await signedIn.json()).data.user.id).toBe(me.id);
		expect(signedIn.headers.getSetCookie()).toEqual([]);

		await use().server.sessions.deleteAllOf(me.id);
		const ended = await use().request('/session', { headers: withCookies });
		expect(await ended.json()).toEqual({ data: null });
		expect(ended.headers.getSetCookie()).toEqual([
			expect.stringMatching(/^hibahin_session=;.*Max-Age=0/),
			expect.stringMatching(/^hibahin_signed_in=;.*Max-Age=0/),
		]);
		// A visitor who never signed in is told nothing about cookies.
		expect((await use().request('/session')).headers.getSetCookie()).toEqual([]);
	});
});
