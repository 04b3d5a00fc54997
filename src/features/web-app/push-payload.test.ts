import { describe, expect, it } from 'vitest';
import { pushMessage } from '~/features/notifications/push/push';
import { pushNotificationOf } from './push-payload';

const payload = {
	title: 'Hibahin',
	body: 'Dewi meminta Kursi lipat',
	url: '/en/my-items/42/requests',
	tag: 'notification-17',
	lang: 'en',
};

describe('the notification of a push message', () => {
	it('shows the payload’s text and opens its page when tapped', () => {
		expect(pushNotificationOf(payload)).toEqual({
			title: 'Hibahin',
			options: {
				body: 'Dewi meminta Kursi lipat',
				tag: 'notification-17',
				lang: 'en',
				icon: '/icons/icon-192.png',
				badge: '/icons/badge-96.png',
				data: { url: '/en/my-items/42/requests' },
			},
		});
	});

	it('reads what the push channel sends', () => {
		const sent = pushMessage(
			{
				notificationId: 17,
				text: 'Dewi asked for Folding chair',
				path: '/my-requests',
				language: 'en',
			},
			{ title: 'Hibahin', bodyMaxCharacters: 500 },
		);
		const { title, options } = pushNotificationOf(JSON.parse(JSON.stringify(sent)));
		expect(title).toBe('Hibahin');
		expect(options).toMatchObject({
			body: 'Dewi asked for Folding chair',
			tag: 'notification-17',
			lang: 'en',
			data: { url: '/en/my-requests' },
		});
	});

	it('never opens another site', () => {
		for (const url of ['https://evil.example/x', '//evil.example', '/\\evil.example']) {
			expect(pushNotificationOf({ ...payload, url }).options.data.url).toBe('/');
		}
	});

	it.each([
		['nothing', null],
		['text', 'hello'],
		['a payload without its language', { ...payload, lang: undefined }],
		['a payload in another language', { ...payload, lang: 'fr' }],
		['a payload whose body is not text', { ...payload, body: 3 }],
	])('shows the site’s name for %s', (_, data) => {
		const { title, options } = pushNotificationOf(data, 'Hibahin');
		expect(title).toBe('Hibahin');
		expect(options.data.url).toBe('/');
	});
});
