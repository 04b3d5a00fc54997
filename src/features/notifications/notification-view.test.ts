import { describe, expect, it } from 'vitest';
import type { Notification } from './notifications';
import enNotifications from '../../../locales/en/notifications.json';
import idNotifications from '../../../locales/id/notifications.json';
import { badgeText, bellLabel, notificationEntry } from './notification-view';

const labels = { id: idNotifications.bell, en: enNotifications.bell };

const asked: Notification = {
	id: 7,
	kind: 'requestCreated',
	text: 'Siti asked for Folding chair.',
	path: '/my-items/42/requests',
	createdAt: '2026-11-26T02:55:00.000Z',
	read: false,
};
const now = new Date('2026-11-26T03:00:00.000Z');

describe('bellLabel', () => {
	it('names the bell alone while nothing is unread', () => {
		expect(bellLabel(0, labels.id)).toBe('Notifikasi');
		expect(bellLabel(0, labels.en)).toBe('Notifications');
	});

	it('says how many are unread in the page’s language', () => {
		expect(bellLabel(3, labels.id)).toBe('Notifikasi, 3 belum dibaca');
		expect(bellLabel(3, labels.en)).toBe('Notifications, 3 unread');
	});

	it('tells the full count even where the badge stops counting', () => {
		expect(bellLabel(120, labels.en)).toBe('Notifications, 120 unread');
	});
});

describe('badgeText', () => {
	it('is empty at 0, so the badge hides', () => {
		expect(badgeText(0)).toBe('');
	});

	it('shows the count, and 99+ beyond 99', () => {
		expect(badgeText(1)).toBe('1');
		expect(badgeText(99)).toBe('99');
		expect(badgeText(100)).toBe('99+');
	});
});

describe('notificationEntry', () => {
	it('links to the page the notification names, in the page’s language', () => {
		expect(notificationEntry(asked, 'id', now).href).toBe('/my-items/42/requests');
		expect(notificationEntry(asked, 'en', now).href).toBe('/en/my-items/42/requests');
		const receiver = { ...asked, path: '/my-requests' };
		expect(notificationEntry(receiver, 'en', now).href).toBe('/en/my-requests');
	});

	it('says how long ago it happened, in the page’s language', () => {
		expect(notificationEntry(asked, 'id', now).timeAgo).toBe('5 menit yang lalu');
		expect(notificationEntry(asked, 'en', now)).toMatchObject({
			timeAgo: '5 minutes ago',
			dateTime: '2026-11-26T02:55:00.000Z',
		});
	});

	it('keeps the server’s text and marks what is unread', () => {
		expect(notificationEntry(asked, 'en', now)).toMatchObject({
			id: 7,
			text: 'Siti asked for Folding chair.',
			unread: true,
		});
		expect(notificationEntry({ ...asked, read: true }, 'en', now).unread).toBe(false);
	});
});
