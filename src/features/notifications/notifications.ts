/**
 * Notifications (docs/product-rules.md#notifications): the kinds the bell shows, each with its
 * text in `notifications.kinds`, and a notification as the bell lists it. Safe in the browser.
 */

import type { z } from 'zod/mini';
import type { notificationListSchema } from './notifications.routes';

/** The notification kinds the bell shows, each with its text in `notifications.kinds`. */
export const notificationKinds = [
	'requestCreated',
	'requestUpdated',
	'requestWithdrawn',
	'donorNoShow',
	'requestReserved',
	'requestDeclined',
	'requestClosed',
	'reservationExtended',
	'pickupSet',
	'handedOver',
	'requestConfirmed',
	'requestDisputed',
	'noShowStruck',
	'noShowUpheld',
	'reservationExpiring',
	'reservationExpired',
	'requestUnanswered',
	'choosingTime',
	'stillAvailable',
	'listingStale',
	'handOverDue',
	'confirmReminder',
	'thanked',
	'itemDeleted',
	'orderPaid',
	'orderCancelled',
	'orderDeclined',
	'orderRefunded',
	'orderShipped',
	'orderDelivered',
	'savedSearchMatch',
	'savedSearchNeedMatch',
	'itemUnderReview',
	'itemHidden',
	'itemRestored',
	'accountWarned',
	'accountSuspended',
	'suspensionLifted',
	'reportActioned',
	'reportDismissed',
	'needOffered',
	'needClosed',
	'offerAccepted',
	'offerDeclined',
	'organisationVerified',
	'organisationRefused',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * The kinds of event a person tunes in the notification settings, each with the notification
 * kinds it covers. Push and mail are on for all of them unless the person turned one off.
 */
export const eventKinds = {
	/**
	 * A donor hears of requests for their items, of one still waiting for an answer, of the end of
	 * the wait they chose before choosing a receiver, and is asked
	 * whether a listing with no hand-over for a month is still available. A person in need hears
	 * of offers to their need and of its closing by time.
	 */
	requests: [
		'requestCreated',
		'requestUpdated',
		'requestWithdrawn',
		'donorNoShow',
		'requestUnanswered',
		'choosingTime',
		'stillAvailable',
		'listingStale',
		'needOffered',
		'needClosed',
	],
	/** A receiver hears what became of their request, a donor what became of their offer to a need. */
	reservations: [
		'requestReserved',
		'requestDeclined',
		'requestClosed',
		'reservationExtended',
		'pickupSet',
		'reservationExpiring',
		'reservationExpired',
		'itemDeleted',
		'offerAccepted',
		'offerDeclined',
	],
	/**
	 * Hand-overs, the reminders to make one and to confirm it, a receiver's thanks, and a disputed
	 * no-show's outcome.
	 */
	handOvers: [
		'handedOver',
		'requestConfirmed',
		'requestDisputed',
		'handOverDue',
		'confirmReminder',
		'noShowStruck',
		'noShowUpheld',
		'thanked',
	],
	orders: [
		'orderPaid',
		'orderCancelled',
		'orderDeclined',
		'orderRefunded',
		'orderShipped',
		'orderDelivered',
	],
	/** New items and needs matching a saved search: by mail as one digest a day. */
	savedSearches: ['savedSearchMatch', 'savedSearchNeedMatch'],
	moderation: [
		'itemUnderReview',
		'itemHidden',
		'itemRestored',
		'accountWarned',
		'accountSuspended',
		'suspensionLifted',
		'reportActioned',
		'reportDismissed',
		'organisationVerified',
		'organisationRefused',
	],
} as const satisfies Record<string, readonly NotificationKind[]>;
export type EventKind = keyof typeof eventKinds;

/**
 * The kinds of event in the settings' order: the keys of `eventKinds`, written out so browser code
 * that needs only the names (the settings form) does not carry every notification kind.
 */
export const eventKindNames = [
	'requests',
	'reservations',
	'handOvers',
	'orders',
	'savedSearches',
	'moderation',
] as const satisfies readonly EventKind[];

/** The kind of event a notification belongs to, for the person's channel choices. */
export function eventKindOf(kind: NotificationKind): EventKind {
	return eventKindNames.find((name) =>
		(eventKinds[name] as readonly NotificationKind[]).includes(kind),
	)!;
}

/** The channels beyond the bell. */
export const deliveryChannels = ['push', 'email'] as const;
export type DeliveryChannel = (typeof deliveryChannels)[number];

/** The bell's list: how many are unread, and the latest notifications. */
export type NotificationList = z.output<typeof notificationListSchema>;

/** A notification as the bell shows it: its text already in the reader's language. */
export type Notification = NotificationList['notifications'][number];

/** How often the bell asks for news; each answer is a 304 while nothing changed. */
export const notificationPollMs = 30_000;
