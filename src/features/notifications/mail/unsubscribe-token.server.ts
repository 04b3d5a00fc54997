/** The token of an unsubscribe link, signed and read with the site's key (`unsubscribeKey`). */

import { createHmac, timingSafeEqual } from 'node:crypto';
import { type EventKind, eventKindNames } from '../notifications';

/** Whom an unsubscribe link is for, and which kind of event it stops by mail. */
export interface UnsubscribeTarget {
	userId: string;
	eventKind: EventKind;
}

const macBytes = 32;

function mac(key: Buffer, payload: Buffer): Buffer {
	return createHmac('sha256', key).update(payload).digest();
}

/**
 * The token of an unsubscribe link: the person and the kind of event, followed by their HMAC,
 * in base64url. It needs no expiry: it can only switch that person's mail of that kind off or
 * on again, and nobody without the mail can make one.
 */
export function unsubscribeToken(key: Buffer, target: UnsubscribeTarget): string {
	const payload = Buffer.from(`${target.eventKind} ${target.userId}`);
	return Buffer.concat([payload, mac(key, payload)]).toString('base64url');
}

/** The person and kind of event of a token this site signed, else `null`. */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeTarget | null {
	if (!/^[\w-]+$/.test(token)) return null;
	const bytes = Buffer.from(token, 'base64url');
	// One spelling per token: base64url that decodes leniently to the same bytes is not it.
	if (bytes.length <= macBytes || bytes.toString('base64url') !== token) return null;
	const payload = bytes.subarray(0, bytes.length - macBytes);
	const given = bytes.subarray(bytes.length - macBytes);
	if (!timingSafeEqual(given, mac(key, payload))) return null;
	const [eventKind, userId] = payload.toString().split(' ');
	if (!userId || !eventKindNames.includes(eventKind as EventKind)) return null;
	return { userId, eventKind: eventKind as EventKind };
}
