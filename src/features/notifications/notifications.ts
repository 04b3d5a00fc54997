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

/** The bell's list: how many are unread, and the latest notifications. */
export type NotificationList = z.output<typeof notificationListSchema>;

/** A notification as the bell shows it: its text already in the reader's language. */
export type Notification = NotificationList['notifications'][number];

/** How often the bell asks for news; each answer is a 304 while nothing changed. */
export const notificationPollMs = 30_000;
