/**
 * Web Push (RFC 8030, 8291, 8292): which push services a device may name, and the message a
 * device's service worker receives. Safe in the browser.
 */

import { localizePath, type Locale } from '~/lib/i18n/locales';
import type { EventKind } from '../notifications';

/**
 * The push services of the browsers people use: Chrome and Android, Firefox, Safari, and Edge on
 * Windows (any host under `notify.windows.com`). A subscription naming another address is
 * refused, so the site never posts to an address a caller chose.
 */
export const knownPushServices = [
	'https://fcm.googleapis.com',
	'https://updates.push.services.mozilla.com',
	'https://web.push.apple.com',
] as const;

/**
 * Whether `endpoint` belongs to a known push service, or to one of `extraOrigins` (a test
 * receiver, which alone may be on `http:`).
 */
export function isKnownPushService(endpoint: string, extraOrigins: readonly string[]): boolean {
	if (!URL.canParse(endpoint)) return false;
	const url = new URL(endpoint);
	if (url.username || url.password) return false;
	if (extraOrigins.includes(url.origin)) return true;
	if (url.protocol !== 'https:' || url.port) return false;
	return (
		(knownPushServices as readonly string[]).includes(url.origin) ||
		url.hostname.endsWith('.notify.windows.com')
	);
}

/** What a device's service worker receives: the notification to show and where it leads. */
export interface PushMessage {
	title: string;
	body: string;
	/** Where a tap leads, with the language's prefix: `/en/my-requests`. */
	url: string;
	/** One per notification: a message sent again replaces the one shown. */
	tag: string;
	lang: Locale;
}

/** The notification `notificationId` as a device shows it. */
export function pushMessage(
	notification: { notificationId: number; text: string; path: string; language: Locale },
	limits: { title: string; bodyMaxCharacters: number },
): PushMessage {
	const { text } = notification;
	const body =
		text.length > limits.bodyMaxCharacters
			? `${text.slice(0, limits.bodyMaxCharacters - 1).trimEnd()}…`
			: text;
	return {
		title: limits.title,
		body,
		url: localizePath(notification.path, notification.language),
		tag: `notification-${notification.notificationId}`,
		lang: notification.language,
	};
}

/**
 * The push service's `Topic`: a message not yet delivered is replaced by a newer one of the same
 * notification (a retry), never by another notification's.
 */
export function pushTopic(notificationId: number): string {
	return `n${notificationId.toString(36)}`;
}

/** Givings wake a phone at once; news of searches and moderation may wait for it. */
const urgentEvents: readonly EventKind[] = ['requests', 'reservations', 'handOvers', 'orders'];

/** The push service's `Urgency` for a notification of `eventKind`. */
export function pushUrgency(eventKind: EventKind): 'high' | 'normal' {
	return urgentEvents.includes(eventKind) ? 'high' : 'normal';
}
