import { afterEach, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import {
	type PushReceiver,
	type ReceiverSubscription,
	startPushReceiver,
} from '../helpers/push-receiver';

const vapid = { subject: 'mailto:no-reply@hibahin.id', ...webPush.generateVAPIDKeys() };
const hour = 60 * 60_000;

/** The request `web-push` makes for `subscription`, as if its endpoint were at `audienceOf`. */
function pushRequest(subscription: ReceiverSubscription, payload: object, audienceOf?: string) {
	const signedFor = audienceOf
		? { ...subscription, endpoint: subscription.endpoint.replace(/^http:\/\/[^/]+/, audienceOf) }
		: subscription;
	const details = webPush.generateRequestDetails(signedFor, JSON.stringify(payload), {
		vapidDetails: vapid,
		TTL: 3600,
		urgency: 'high',
		topic: 'n1',
	});
	const { 'Content-Length': _, ...headers } = details.headers;
	return {
		headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
		body: new Uint8Array(details.body!),
	};
}

function post(subscription: ReceiverSubscription, request: ReturnType<typeof pushRequest>) {
	return fetch(subscription.endpoint, { method: 'POST', ...request });
}

describe('the test push receiver', () => {
	let receiver: PushReceiver | undefined;
	afterEach(async () => {
		await receiver?.close();
		receiver = undefined;
	});

	it('decrypts a message signed for it and keeps its headers', async () => {
		receiver = await startPushReceiver();
		const device = receiver.subscribe({ applicationServerKey: vapid.publicKey });
		const response = await post(device, pushRequest(device, { body: 'Halo', n: 'ü'.repeat(1500) }));
		expect(response.status).toBe(201);
		expect(receiver.received).toEqual([
			{
				subscriptionId: device.id,
				topic: 'n1',
				urgency: 'high',
				ttl: 3600,
				payload: { body: 'Halo', n: 'ü'.repeat(1500) },
			},
		]);
	});

	it.each([
		['another audience', {}, 'http://127.0.0.1:1', 403, /aud/],
		['an expired token', { now: () => Date.now() + 13 * hour }, undefined, 403, /expired/],
		['a token over a day ahead', { now: () => Date.now() - 13 * hour }, undefined, 403, /24 h/],
	])('refuses %s', async (_, options, audience, status, reason) => {
		receiver = await startPushReceiver(options);
		const device = receiver.subscribe();
		expect((await post(device, pushRequest(device, { body: 'x' }, audience))).status).toBe(status);
		expect(receiver.received).toEqual([]);
		expect(receiver.refused[0]?.reason).toMatch(reason);
	});

	it('refuses a signature by another key, a key other than the subscription’s, a changed body and a missing TTL', async () => {
		receiver = await startPushReceiver();
		const device = receiver.subscribe({ applicationServerKey: vapid.publicKey });
		const other = webPush.generateVAPIDKeys().publicKey;
		const request = pushRequest(device, { body: 'x' });
		const forged = request.headers['Authorization']!.replace(/k=.*$/, `k=${other}`);
		const answers = [
			await post(device, { ...request, headers: { ...request.headers, Authorization: forged } }),
			await post(receiver.subscribe({ applicationServerKey: other }), request),
			await post(device, {
				...request,
				body: request.body.map((byte, i) => (i === 99 ? byte ^ 1 : byte)),
			}),
			await post(device, { ...request, headers: { ...request.headers, TTL: '' } }),
		];
		expect(answers.map((answer) => answer.status)).toEqual([401, 403, 400, 400]);
		expect(receiver.received).toEqual([]);
	});

	it('answers as a test sets it: gone, or busy with Retry-After', async () => {
		receiver = await startPushReceiver();
		const device = receiver.subscribe();
		receiver.answer(device.id, { status: 429, retryAfter: 30 });
		const busy = await post(device, pushRequest(device, { body: 'x' }));
		expect([busy.status, busy.headers.get('Retry-After')]).toEqual([429, '30']);
		receiver.answer(device.id, { status: 410 });
		expect((await post(device, pushRequest(device, { body: 'x' }))).status).toBe(410);
		receiver.answer(device.id, null);
		expect((await post(device, pushRequest(device, { body: 'x' }))).status).toBe(201);
		expect(receiver.received).toHaveLength(1);
	});
});
