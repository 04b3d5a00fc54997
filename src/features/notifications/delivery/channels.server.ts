import type { Locale } from '~/lib/i18n/locales';
import type { DeliveryChannel, EventKind, NotificationKind } from '../notifications';

/** One notification to deliver by one channel, as the outbox hands it to that channel. */
export interface Delivery {
	/** The outbox row: a channel may use it as the message's idempotency key. */
	outboxId: number;
	notificationId: number;
	userId: string;
	kind: NotificationKind;
	eventKind: EventKind;
	/** The recipient's language, and the notification's text in it. */
	language: Locale;
	text: string;
	/** Where the notification leads on the site, without the locale prefix: `/my-requests`. */
	path: string;
	/** Whether it goes in the daily digest rather than on its own (saved-search matches by mail). */
	digest: boolean;
	/** Earlier failed attempts. */
	attempts: number;
	/** Push endpoints that already took it (a retry goes only to the others). */
	deliveredTo: string[];
	createdAt: Date;
}

/** What became of one delivery. */
export type DeliveryResult =
	| { outcome: 'sent' }
	/** Nothing to send to (no device, no verified address), or nothing to say. */
	| { outcome: 'skipped' }
	/** Try again later; `deliveredTo` records the endpoints that took it this time. */
	| { outcome: 'retry'; deliveredTo?: string[]; retryAfterMs?: number }
	| { outcome: 'failed' };

/**
 * A way to reach people outside the site. `deliver` gets the due deliveries of its channel
 * (a batch, so mail can put a person's digest entries in one message) and answers one result per
 * delivery, in the same order.
 */
export interface Channel {
	name: DeliveryChannel;
	deliver(deliveries: Delivery[]): Promise<DeliveryResult[]>;
}
