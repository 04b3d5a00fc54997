import { describe, expect, it } from 'vitest';
import { isKnownPushService, pushMessage, pushTopic, pushUrgency } from './push';

describe('push services', () => {
	it.each([
		['https://fcm.googleapis.com/fcm/send/abc', true],
		['https://updates.push.services.mozilla.com/wpush/v2/abc', true],
		['https://web.push.apple.com/abc', true],
		['https://db5p.notify.windows.com/w/?token=abc', true],
		['https://notify.windows.com/w/abc', false],
		['https://fcm.googleapis.com.evil.example/abc', false],
		['https://evilnotify.windows.com/abc', false],
		['http://fcm.googleapis.com/fcm/send/abc', false],
		['https://fcm.googleapis.com:444/fcm/send/abc', false],
		['https://a:b@fcm.googleapis.com/fcm/send/abc', false],
		['http://127.0.0.1:9000/push/abc', false],
		['/push/abc', false],
	])('%s is known: %s', (endpoint, known) => {
		expect(isKnownPushService(endpoint, [])).toBe(known);
	});

	it('knows the extra origins it is given, on http too', () => {
		expect(isKnownPushService('http://127.0.0.1:9000/push/abc', ['http://127.0.0.1:9000'])).toBe(
			true,
		);
		expect(isKnownPushService('http://127.0.0.1:9001/push/abc', ['http://127.0.0.1:9000'])).toBe(
			false,
		);
	});
});

describe('a push message', () => {
	const limits = { title: 'Hibahin', bodyMaxCharacters: 10 };

	it('leads to the page in the person’s language and is one per notification', () => {
		expect(
			pushMessage(
				{ notificationId: 42, text: 'Halo', path: '/my-requests', language: 'en' },
				limits,
			),
		).toEqual({
			title: 'Hibahin',
			body: 'Halo',
			url: '/en/my-requests',
			tag: 'notification-42',
			lang: 'en',
		});
		expect(
			pushMessage(
				{ notificationId: 42, text: 'Halo', path: '/my-requests', language: 'id' },
				limits,
			).url,
		).toBe('/my-requests');
	});

	it('cuts a long text to fit', () => {
		const text = 'Kursi lipat kayu jati';
		expect(pushMessage({ notificationId: 1, text, path: '/', language: 'id' }, limits).body).toBe(
			'Kursi lip…',
		);
	});

	it('wakes a phone for givings only, and replaces only its own undelivered copies', () => {
		for (const giving of ['requests', 'reservations', 'handOvers', 'orders'] as const) {
			expect(pushUrgency(giving)).toBe('high');
		}
		expect(pushUrgency('savedSearches')).toBe('normal');
		expect(pushUrgency('moderation')).toBe('normal');
		expect(pushTopic(123_456)).toMatch(/^[\w-]{1,32}$/);
		expect(pushTopic(123_456)).not.toBe(pushTopic(123_457));
	});
});
