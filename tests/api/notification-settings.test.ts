import { expect, it } from 'vitest';
import {
	defaultNotificationSettings,
	type NotificationSettings,
} from '~/features/notifications/notification-settings';
import { siteLanguageOf } from '~/features/notifications/notification-settings.server';
import { recordSignIn } from '~/server/auth/users';
import { expectError } from '../helpers/items';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

describeOnDatabases('Notification settings', (use) => {
	const read = (user: TestUser | null) => use().request('/notification-settings', { user });

	const change = (user: TestUser | null, body: unknown, language = 'id') =>
		use().request('/notification-settings', {
			method: 'PATCH',
			user,
			headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
			body: typeof body === 'string' ? body : JSON.stringify(body),
		});

	async function settingsOf(response: Response): Promise<NotificationSettings> {
		const text = await response.text();
		expect(response.status, text).toBe(200);
		return (JSON.parse(text) as { data: NotificationSettings }).data;
	}

	it('answers the defaults to someone who chose nothing: everything on, quiet 21:00–07:00', async () => {
		const me = await use().createUser();
		expect(await settingsOf(await read(me))).toEqual({
			channels: {
				requests: { push: true, email: true },
				reservations: { push: true, email: true },
				handOvers: { push: true, email: true },
				orders: { push: true, email: true },
				savedSearches: { push: true, email: true },
				moderation: { push: true, email: true },
			},
			quietHours: { start: '21:00', end: '07:00' },
			language: 'id',
		});
	});

	it('changes one channel of one kind and leaves the rest as they were', async () => {
		const me = await use().createUser();
		const changed = await settingsOf(
			await change(me, { channels: { requests: { email: false } } }),
		);
		const expected = defaultNotificationSettings();
		expected.channels.requests.email = false;
		expect(changed).toEqual(expected);
		expect(await settingsOf(await read(me))).toEqual(expected);

		await settingsOf(await change(me, { channels: { orders: { push: false, email: false } } }));
		expected.channels.orders = { push: false, email: false };
		expect(await settingsOf(await read(me))).toEqual(expected);
	});

	it('changes the quiet hours, turns them off with null and on again', async () => {
		const me = await use().createUser();
		const quietHours = { start: '22:30', end: '06:15' };
		expect((await settingsOf(await change(me, { quietHours }))).quietHours).toEqual(quietHours);
		expect((await settingsOf(await read(me))).quietHours).toEqual(quietHours);

		expect((await settingsOf(await change(me, { quietHours: null }))).quietHours).toBeNull();
		expect((await settingsOf(await read(me))).quietHours).toBeNull();

		await settingsOf(await change(me, { quietHours: { start: '23:00', end: '05:00' } }));
		expect((await settingsOf(await read(me))).quietHours).toEqual({ start: '23:00', end: '05:00' });
	});

	it('changes the language of messages', async () => {
		const me = await use().createUser();
		expect((await settingsOf(await change(me, { language: 'en' }))).language).toBe('en');
		expect((await settingsOf(await read(me))).language).toBe('en');
	});

	it('knows the language a person uses the site in, from their first sign-in or their choice', async () => {
		const db = use().server.db;
		const me = await use().createUser();
		// Nothing says yet: the one who writes to them uses their own language.
		expect(await siteLanguageOf(db, me.id)).toBeNull();
		await recordSignIn(db, me.id, 'en');
		expect(await siteLanguageOf(db, me.id)).toBe('en');
		await change(me, { language: 'id' });
		expect(await siteLanguageOf(db, me.id)).toBe('id');
	});

	it('keeps each person’s settings to themselves', async () => {
		const me = await use().createUser();
		const other = await use().createUser();
		await settingsOf(
			await change(me, { channels: { moderation: { push: false } }, language: 'en' }),
		);
		expect(await settingsOf(await read(other))).toEqual(defaultNotificationSettings());
	});

	it.each([
		[
			'a time that is no time',
			{ quietHours: { start: '25:00', end: '07:00' } },
			{ quietHours: 'notifications.settings.errors.timeInvalid' },
		],
		[
			'a time without its minutes',
			{ quietHours: { start: '21', end: '07:00' } },
			{ quietHours: 'notifications.settings.errors.timeInvalid' },
		],
		[
			'a time as a number',
			{ quietHours: { start: 2100, end: '07:00' } },
			{ quietHours: 'notifications.settings.errors.timeInvalid' },
		],
		[
			'quiet hours without an end',
			{ quietHours: { start: '21:00' } },
			{ quietHours: 'notifications.settings.errors.timeInvalid' },
		],
		[
			'equal start and end',
			{ quietHours: { start: '21:00', end: '21:00' } },
			{ quietHours: 'notifications.settings.errors.sameTimes' },
		],
		[
			'quiet hours as text',
			{ quietHours: 'malam' },
			{ quietHours: 'notifications.settings.errors.quietHoursInvalid' },
		],
		[
			'an unknown kind of event',
			{ channels: { newsletter: { email: false } } },
			{ channels: 'notifications.settings.errors.channelsInvalid' },
		],
		[
			'an unknown channel',
			{ channels: { requests: { sms: false } } },
			{ channels: 'notifications.settings.errors.channelsInvalid' },
		],
		[
			'a switch as text',
			{ channels: { requests: { push: 'off' } } },
			{ channels: 'notifications.settings.errors.channelsInvalid' },
		],
		[
			'channels as a list',
			{ channels: ['requests'] },
			{ channels: 'notifications.settings.errors.channelsInvalid' },
		],
		[
			'a language the site does not speak',
			{ language: 'fr' },
			{ language: 'notifications.settings.errors.languageInvalid' },
		],
		[
			'an unknown setting',
			{ sound: 'loud' },
			{ sound: 'notifications.settings.errors.unknownSetting' },
		],
	])('refuses %s and stores nothing of the change', async (_, body, fields) => {
		const me = await use().createUser();
		// Good parts beside the bad one are refused with it.
		await expectError(
			await change(me, { language: 'en', ...body }),
			400,
			'VALIDATION_ERROR',
			fields,
		);
		expect(await settingsOf(await read(me))).toEqual(defaultNotificationSettings());
	});

	it('words the refusal in the caller’s language', async () => {
		const me = await use().createUser();
		const english = await expectError(
			await change(me, { language: 'fr' }, 'en'),
			400,
			'VALIDATION_ERROR',
		);
		const indonesian = await expectError(
			await change(me, { language: 'fr' }, 'id'),
			400,
			'VALIDATION_ERROR',
		);
		expect(english.message).not.toBe(indonesian.message);
	});

	it.each([
		['a body that is not JSON', '{ "language": '],
		['a body that is not an object', '"en"'],
		['null', 'null'],
	])('refuses %s with a 400', async (_, body) => {
		const me = await use().createUser();
		await expectError(await change(me, body), 400, 'VALIDATION_ERROR');
		expect(await settingsOf(await read(me))).toEqual(defaultNotificationSettings());
	});

	it('refuses a change sent as a form rather than JSON', async () => {
		const me = await use().createUser();
		const response = await use().request('/notification-settings', {
			method: 'PATCH',
			user: me,
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: 'language=en',
		});
		await expectError(response, 400, 'VALIDATION_ERROR');
		expect(await settingsOf(await read(me))).toEqual(defaultNotificationSettings());
	});

	it('answers 401 to a signed-out caller, reading or changing', async () => {
		await expectError(await read(null), 401, 'UNAUTHORIZED');
		await expectError(await change(null, { language: 'en' }), 401, 'UNAUTHORIZED');
	});

	it('sets the language of messages at sign-in to the site’s, once: a choice made stays', async () => {
		const db = use().server.db;
		const me = await use().createUser();
		await recordSignIn(db, me.id, 'en');
		expect(await settingsOf(await read(me))).toEqual(defaultNotificationSettings('en'));

		await recordSignIn(db, me.id, 'id');
		expect((await settingsOf(await read(me))).language).toBe('en');

		const other = await use().createUser();
		await settingsOf(await change(other, { language: 'en', quietHours: null }));
		await recordSignIn(db, other.id, 'id');
		expect(await settingsOf(await read(other))).toMatchObject({ language: 'en', quietHours: null });
	});
});
