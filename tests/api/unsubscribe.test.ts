import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
	answerUnsubscribe,
	unsubscribeKey,
} from '~/features/notifications/mail/unsubscribe.server';
import {
	readUnsubscribeToken,
	unsubscribeToken,
} from '~/features/notifications/mail/unsubscribe-token.server';
import { notificationSettingsOf } from '~/features/notifications/notification-settings.server';
import { notificationSettings } from '~/server/db/schema';
import { describeOnDatabases, type TestServer } from '../helpers/test-server';

function oneClick(): FormData {
	const form = new FormData();
	form.set('List-Unsubscribe', 'One-Click');
	return form;
}

async function tokenFor(use: () => TestServer, userId: string, eventKind = 'handOvers' as const) {
	return unsubscribeToken(await unsubscribeKey(use().server.db), { userId, eventKind });
}

describeOnDatabases('unsubscribing from notification mail', (use) => {
	it('signs a token that names the person and the kind, and refuses any other', async () => {
		const key = await unsubscribeKey(use().server.db);
		const token = unsubscribeToken(key, { userId: 'user-1', eventKind: 'orders' });
		expect(token).toMatch(/^[\w-]{40,}$/);
		expect(readUnsubscribeToken(key, token)).toEqual({ userId: 'user-1', eventKind: 'orders' });

		const bytes = Buffer.from(token, 'base64url');
		bytes[0] = bytes[0]! ^ 1;
		const forged = bytes.toString('base64url');
		for (const bad of ['', 'abc', forged, `${token}A`, token.slice(0, -2), `${token}=`, 'a.b']) {
			expect(readUnsubscribeToken(key, bad), bad).toBeNull();
		}
		const otherKey = Buffer.alloc(32, 7);
		expect(readUnsubscribeToken(otherKey, token)).toBeNull();
		// The signature covers the kind: the same person's token for another kind is another token.
		expect(unsubscribeToken(key, { userId: 'user-1', eventKind: 'requests' })).not.toBe(token);
	});

	it('turns that kind of mail off on a one-click POST without a session', async () => {
		const { db } = use().server;
		const person = await use().createUser();
		const token = await tokenFor(use, person.id);

		const answer = await answerUnsubscribe(db, { method: 'POST', token, form: oneClick() });
		expect(answer).toEqual({ status: 200, view: 'oneClick', eventKind: 'handOvers' });
		const settings = await notificationSettingsOf(db, person.id);
		expect(settings.channels.handOvers).toEqual({ push: true, email: false });
		expect(Object.values(settings.channels).filter((choice) => !choice.email)).toHaveLength(1);
		// Twice is the same as once.
		await answerUnsubscribe(db, { method: 'POST', token, form: oneClick() });
		expect((await notificationSettingsOf(db, person.id)).channels.handOvers.email).toBe(false);
	});

	it('stops the mail when the link is opened, and the page’s button brings it back', async () => {
		const { db } = use().server;
		const person = await use().createUser();
		const token = await tokenFor(use, person.id);

		expect(await answerUnsubscribe(db, { method: 'GET', token, form: null })).toEqual({
			status: 200,
			view: 'stopped',
			eventKind: 'handOvers',
		});
		expect((await notificationSettingsOf(db, person.id)).channels.handOvers.email).toBe(false);

		const back = new FormData();
		back.set('resubscribe', '1');
		expect(await answerUnsubscribe(db, { method: 'POST', token, form: back })).toEqual({
			status: 200,
			view: 'resumed',
			eventKind: 'handOvers',
		});
		expect((await notificationSettingsOf(db, person.id)).channels.handOvers).toEqual({
			push: true,
			email: true,
		});
	});

	it('answers 400 and stores nothing for a bad token, an unknown person or an odd post', async () => {
		const { db } = use().server;
		const person = await use().createUser();
		const good = await tokenFor(use, person.id);
		const gone = await tokenFor(use, 'nobody-here');
		const invalid = { status: 400, view: 'invalid' };
		// The good token with its last character changed: one in 64 already ends in 'x'.
		const tampered = `${good.slice(0, -1)}${good.at(-1) === 'x' ? 'y' : 'x'}`;
		for (const token of ['', 'bukan-token', tampered, gone]) {
			for (const method of ['GET', 'POST']) {
				const form = method === 'POST' ? oneClick() : null;
				expect(await answerUnsubscribe(db, { method, token, form }), token).toEqual(invalid);
			}
		}
		const other = new FormData();
		other.set('List-Unsubscribe', 'Later');
		for (const form of [null, new FormData(), other]) {
			expect(await answerUnsubscribe(db, { method: 'POST', token: good, form })).toEqual(invalid);
		}
		expect(await answerUnsubscribe(db, { method: 'DELETE', token: good, form: null })).toEqual(
			invalid,
		);
		expect(
			await db
				.select()
				.from(notificationSettings)
				.where(eq(notificationSettings.userId, person.id)),
		).toEqual([]);
	});
});
