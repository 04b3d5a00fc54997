/**
 * Notifications (docs/product-rules.md#notifications): the kinds the bell shows, each with its
 * text in `notifications.kinds`, and a notification as the bell lists it. Safe in the browser.
 */

/** The notification kinds the bell shows, each with its text in `notifications.kinds`. */
export const notificationKinds = [
	'requestCreated',
	'requestUpdated',
	'requestWithdrawn',
	'requestReserved',
	'requestDeclined',
	'requestClosed',
	'reservationExtended',
	'handedOver',
	'requestConfirmed',
	'requestDisputed',
	'reservationExpiring',
	'reservationExpired',
	'itemDeleted',
	'orderPaid',
	'orderCancelled',
	'orderDeclined',
	'orderRefunded',
	'orderShipped',
	'orderDelivered',
	'savedSearchMatch',
	'itemUnderReview',
	'itemHidden',
	'itemRestored',
	'accountWarned',
	'accountSuspended',
	'suspensionLifted',
	'reportActioned',
	'reportDismissed',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** A notification as the bell shows it: its text already in the reader's language. */
export interface Notification {
	id: number;
	kind: NotificationKind;
	text: string;
	/** Where opening it leads, a path without the language prefix. */
	path: string;
	createdAt: string;
	read: boolean;
}

export interface NotificationList {
	unread: number;
	notifications: Notification[];
}

/** How often the bell asks for news; each answer is a 304 while nothing changed. */
export const notificationPollMs = 30_000;
