/**
 * Push on this device, in the browser: what state it is in, and turning it on (permission from
 * the person's tap, `PushManager.subscribe`, the subscription sent to the server) or off. Shared
 * by the notification settings page and the prompt after a first request or listing.
 */

import { pushDeviceTimings } from '~/config/limits';
import { apiFetch } from '~/lib/api-client';

/** Push on this device as the person sees it. */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

/** Why turning push on did not work. */
export type PushFailure = 'unsupported' | 'denied' | 'failed';

/** What the browser told about push on this device. */
export interface PushFacts {
	/** The browser has service workers, the Push API and notifications. */
	supported: boolean;
	permission: NotificationPermission;
	/** The site's service worker is ready, or `false` when none became ready in time. */
	serviceWorker: boolean;
	subscribed: boolean;
}

/**
 * The state the facts add up to: a blocked permission first (nothing here can lift it), then
 * whether push can work at all, then whether this device is subscribed with permission.
 */
export function pushStateOf(facts: PushFacts): PushState {
	if (!facts.supported) return 'unsupported';
	if (facts.permission === 'denied') return 'blocked';
	if (!facts.serviceWorker) return 'unsupported';
	return facts.subscribed && facts.permission === 'granted' ? 'on' : 'off';
}

/** The browser has what push needs, service worker aside. */
export function pushSupported(): boolean {
	return (
		typeof window !== 'undefined' &&
		'serviceWorker' in navigator &&
		'PushManager' in window &&
		'Notification' in window
	);
}

/** The bytes of a base64url text, such as the server's public key (`applicationServerKey`). */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
	const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
	const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
	return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/**
 * The site's service worker once ready, or `null` when none is within the wait: a browser that
 * installed none (a private window of some browsers, or a failed install) cannot receive push.
 */
function readyRegistration(): Promise<ServiceWorkerRegistration | null> {
	return Promise.race([
		navigator.serviceWorker.ready,
		new Promise<null>((resolve) =>
			setTimeout(() => resolve(null), pushDeviceTimings.serviceWorkerWaitMs),
		),
	]);
}

/** Push on this device right now. */
export async function currentPushState(): Promise<PushState> {
	if (!pushSupported()) return 'unsupported';
	const permission = Notification.permission;
	if (permission === 'denied') return 'blocked';
	const registration = await readyRegistration();
	const subscription = await registration?.pushManager.getSubscription();
	return pushStateOf({
		supported: true,
		permission,
		serviceWorker: Boolean(registration),
		subscribed: Boolean(subscription),
	});
}

/**
 * Turns push on for this device: asks for permission first, so call it straight from the
 * person's tap (Safari refuses a request made later), then subscribes with the server's key and
 * sends the subscription. A subscription the server did not take is undone, so "on" is true.
 */
export async function turnPushOn(): Promise<{ ok: true } | { ok: false; failure: PushFailure }> {
	if (!pushSupported()) return { ok: false, failure: 'unsupported' };
	const permission = await Notification.requestPermission();
	if (permission !== 'granted') return { ok: false, failure: 'denied' };
	const registration = await readyRegistration();
	if (!registration) return { ok: false, failure: 'unsupported' };
	let subscription: PushSubscription | null = null;
	try {
		const { publicKey } = await apiFetch<{ publicKey: string }>('/push/key');
		subscription =
			(await registration.pushManager.getSubscription()) ??
			(await registration.pushManager.subscribe({
				userVisibleOnly: true,
				applicationServerKey: base64UrlBytes(publicKey),
			}));
		await apiFetch('/push/subscriptions', {
			method: 'POST',
			body: JSON.stringify(subscription.toJSON()),
		});
		return { ok: true };
	} catch {
		// No push service within reach, a key the browser refused, or the server did not answer.
		await subscription?.unsubscribe().catch(() => false);
		return { ok: false, failure: 'failed' };
	}
}

/**
 * Turns push off for this device: the browser drops its subscription, then the server forgets it.
 * Were the server unreachable, the push service answers its next message with 410 Gone, and the
 * server forgets it then.
 */
export async function turnPushOff(): Promise<boolean> {
	const registration = pushSupported() ? await readyRegistration() : null;
	const subscription = await registration?.pushManager.getSubscription();
	if (!subscription) return true;
	const { endpoint } = subscription;
	if (!(await subscription.unsubscribe().catch(() => false))) return false;
	await apiFetch('/push/subscriptions', {
		method: 'DELETE',
		body: JSON.stringify({ endpoint }),
	}).catch(() => undefined);
	return true;
}
