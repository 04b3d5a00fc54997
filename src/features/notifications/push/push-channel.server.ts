import webPush from 'web-push';
import { pushLimits } from '~/config/limits';
import type { Database } from '~/server/db/client';
import { log } from '~/server/log';
import { pushFailed, pushSent, pushSubscriptionsEnded } from '~/server/metrics';
import type { VapidDetails } from '~/server/vapid';
import type { Channel, Delivery, DeliveryResult } from '../delivery/channels.server';
import { pushMessage, pushTopic, pushUrgency } from './push';
import {
	endPushSubscription,
	type PushSubscriptionRow,
	pushSubscriptionsOf,
} from './push-subscriptions.server';

/** What a push channel needs: the devices, the keys that sign, and a way to post. */
export interface PushChannelDeps {
	db: Database;
	vapidDetails: () => Promise<VapidDetails>;
	/** Posts the encrypted message to the push service; tests point it at a receiver. */
	fetch?: typeof fetch;
}

/** What became of one message to one device. */
type DeviceOutcome =
	| { kind: 'delivered' }
	| { kind: 'gone' }
	| { kind: 'failed' }
	| { kind: 'retry'; retryAfterMs: number | undefined };

/** Every push message shows the site's name as its title, and a text short enough to fit. */
const messageLimits = { title: 'Hibahin', bodyMaxCharacters: pushLimits.bodyMaxCharacters };

/**
 * The push channel (RFC 8030): each delivery goes, encrypted (RFC 8291) and signed (RFC 8292),
 * to every device of its person that has not taken it yet. A device whose service says it is gone
 * is forgotten; a busy or failing service is tried again later, only for the devices that missed
 * the message.
 */
export function pushChannel(deps: PushChannelDeps): Channel {
	const post = deps.fetch ?? fetch;
	return {
		name: 'push',
		async deliver(deliveries) {
			if (!deliveries.length) return [];
			const vapid = await deps.vapidDetails();
			const devices = await pushSubscriptionsOf(
				deps.db,
				deliveries.map((delivery) => delivery.userId),
			);
			return Promise.all(
				deliveries.map((delivery) =>
					deliverTo(delivery, devices.get(delivery.userId) ?? [], (device) =>
						sendTo(device, delivery, vapid),
					),
				),
			);
		},
	};

	async function sendTo(
		device: PushSubscriptionRow,
		delivery: Delivery,
		vapid: VapidDetails,
	): Promise<DeviceOutcome> {
		let request: webPush.RequestDetails;
		try {
			request = webPush.generateRequestDetails(
				{ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
				JSON.stringify(pushMessage(delivery, messageLimits)),
				{
					vapidDetails: vapid,
					TTL: pushLimits.ttlSeconds,
					urgency: pushUrgency(delivery.eventKind),
					topic: pushTopic(delivery.notificationId),
				},
			);
		} catch (error) {
			// Keys stored before they were checked as today, or a device's key off the curve.
			log.warn({ err: error }, 'push message could not be encrypted');
			return failure('unsendable', { kind: 'failed' });
		}
		// fetch counts the body itself; every other header is text.
		const { 'Content-Length': _, ...headers } = request.headers;
		let response: Response;
		try {
			response = await post(request.endpoint, {
				method: 'POST',
				headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
				body: request.body && new Uint8Array(request.body),
				signal: AbortSignal.timeout(pushLimits.sendTimeoutMs),
			});
		} catch {
			return failure('unreachable', { kind: 'retry', retryAfterMs: undefined });
		}
		await response.body?.cancel();
		const { status } = response;
		if (status >= 200 && status < 300) {
			pushSent.inc();
			return { kind: 'delivered' };
		}
		if (status === 404 || status === 410) {
			if (await endPushSubscription(deps.db, device.id)) pushSubscriptionsEnded.inc();
			return { kind: 'gone' };
		}
		const retryAfterMs = retryAfter(response.headers.get('Retry-After'));
		if (status === 429) return failure('rate_limited', { kind: 'retry', retryAfterMs });
		if (status >= 500) return failure('service_error', { kind: 'retry', retryAfterMs });
		log.warn({ status, service: new URL(device.endpoint).origin }, 'push refused');
		return failure(status === 413 ? 'too_large' : 'rejected', { kind: 'failed' });
	}
}

function failure(reason: string, outcome: DeviceOutcome): DeviceOutcome {
	pushFailed.inc({ reason });
	return outcome;
}

/**
 * One delivery to a person's devices: sent once every device took it or is gone; tried again
 * while a service could take it later, remembering which devices already did; failed when every
 * device left refused it for good; skipped when they have no device at all.
 */
async function deliverTo(
	delivery: Delivery,
	devices: PushSubscriptionRow[],
	send: (device: PushSubscriptionRow) => Promise<DeviceOutcome>,
): Promise<DeliveryResult> {
	if (!devices.length) return { outcome: 'skipped' };
	const waiting = devices.filter((device) => !delivery.deliveredTo.includes(device.endpoint));
	const outcomes = await Promise.all(waiting.map(send));
	const deliveredTo = [
		...delivery.deliveredTo,
		...waiting.filter((_, index) => outcomes[index]!.kind === 'delivered').map((d) => d.endpoint),
	];
	const retries = outcomes.flatMap((outcome) => (outcome.kind === 'retry' ? [outcome] : []));
	if (retries.length) {
		const waits = retries.flatMap((retry) => retry.retryAfterMs ?? []);
		return {
			outcome: 'retry',
			deliveredTo,
			...(waits.length ? { retryAfterMs: Math.max(...waits) } : {}),
		};
	}
	if (deliveredTo.length) return { outcome: 'sent' };
	return outcomes.some((outcome) => outcome.kind === 'failed')
		? { outcome: 'failed' }
		: { outcome: 'skipped' };
}

/** `Retry-After` as milliseconds from now: seconds, or an HTTP date. */
function retryAfter(value: string | null, now = Date.now()): number | undefined {
	if (!value) return undefined;
	if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
