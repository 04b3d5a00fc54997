import {
	createDecipheriv,
	createECDH,
	createPublicKey,
	hkdfSync,
	randomBytes,
	randomUUID,
	verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service for tests, over real HTTP: it hands out subscriptions like a browser's, and for
 * every message checks what a push service checks (RFC 8030 headers, the VAPID signature and
 * claims of RFC 8292), then decrypts it as the device would (RFC 8291 over RFC 8188), with
 * Node's crypto alone. What it accepted is in `received`, what it refused in `refused`.
 */
export interface PushReceiver {
	/** `http://127.0.0.1:<port>`: the origin to allow with `PUSH_ALLOWED_ORIGINS`. */
	origin: string;
	/** A new device: what its browser's `PushSubscription.toJSON()` would give. */
	subscribe(options?: { applicationServerKey?: string }): ReceiverSubscription;
	/**
	 * How the service answers a subscription's messages from now on: 201 by default; 404 or 410
	 * (gone), 413, 429 with `Retry-After` seconds, 500 … (a message not answered 201 is not kept).
	 */
	answer(subscriptionId: string, answer: { status: number; retryAfter?: number } | null): void;
	received: ReceivedPush[];
	refused: { subscriptionId: string; status: number; reason: string }[];
	close(): Promise<void>;
}

export interface ReceiverSubscription {
	id: string;
	endpoint: string;
	expirationTime: null;
	keys: { p256dh: string; auth: string };
}

/** A message the service accepted, decrypted. */
export interface ReceivedPush {
	subscriptionId: string;
	topic: string | null;
	urgency: string | null;
	ttl: number;
	payload: unknown;
}

interface Device {
	ecdh: ReturnType<typeof createECDH>;
	auth: Buffer;
	applicationServerKey: string | undefined;
	answer: { status: number; retryAfter?: number } | null;
}

/** RFC 8030: push services accept messages of at least 4096 bytes, and need not take more. */
const maxBodyBytes = 4096;
const maxVapidSeconds = 24 * 60 * 60;

class Refusal extends Error {
	constructor(
		readonly status: number,
		reason: string,
	) {
		super(reason);
	}
}

/**
 * Starts a receiver on a free port of 127.0.0.1; `now` stands in for the clock (ms), and
 * `answerDelayMs` holds each answer after the message was kept (a slow service).
 */
export async function startPushReceiver(
	options: { now?: () => number; answerDelayMs?: number } = {},
): Promise<PushReceiver> {
	const now = options.now ?? Date.now;
	const answerDelayMs = options.answerDelayMs ?? 0;
	const devices = new Map<string, Device>();
	const received: ReceivedPush[] = [];
	const refused: PushReceiver['refused'] = [];
	let origin = '';

	async function take(req: IncomingMessage, res: ServerResponse) {
		const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
		const device = devices.get(id);
		try {
			if (req.method !== 'POST') throw new Refusal(405, 'not a POST');
			if (!device) throw new Refusal(404, 'no such subscription');
			const body = await bodyOf(req);
			const ttlHeader = header(req, 'ttl');
			if (!ttlHeader || !/^\d+$/.test(ttlHeader)) throw new Refusal(400, 'TTL missing');
			const ttl = Number(ttlHeader);
			const key = checkVapid(req.headers['authorization'], origin, now() / 1000);
			if (device.applicationServerKey && key !== device.applicationServerKey) {
				throw new Refusal(403, 'signed with another key than the subscription’s');
			}
			if (req.headers['content-encoding'] !== 'aes128gcm') {
				throw new Refusal(415, 'Content-Encoding is not aes128gcm');
			}
			if (body.length > maxBodyBytes) throw new Refusal(413, 'payload too large');
			const plaintext = decrypt(body, device);
			if (device.answer) {
				const { status, retryAfter } = device.answer;
				if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
				refused.push({ subscriptionId: id, status, reason: 'answer set by the test' });
				res.writeHead(status).end();
				return;
			}
			received.push({
				subscriptionId: id,
				topic: header(req, 'topic'),
				urgency: header(req, 'urgency'),
				ttl,
				payload: JSON.parse(plaintext.toString('utf8')),
			});
			// Kept before it is answered, as a real service does: a sender that dies meanwhile
			// does not know the message arrived.
			if (answerDelayMs) await new Promise((resolve) => setTimeout(resolve, answerDelayMs));
			res.writeHead(201, { Location: `${origin}/message/${randomUUID()}` }).end();
		} catch (error) {
			const status = error instanceof Refusal ? error.status : 400;
			const reason = error instanceof Error ? error.message : String(error);
			refused.push({ subscriptionId: id, status, reason });
			res.writeHead(status, { 'Content-Type': 'text/plain' }).end(reason);
		}
	}

	const server = createServer((req, res) => void take(req, res));
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

	return {
		origin,
		received,
		refused,
		subscribe({ applicationServerKey } = {}) {
			const ecdh = createECDH('prime256v1');
			ecdh.generateKeys();
			const device: Device = { ecdh, auth: randomBytes(16), applicationServerKey, answer: null };
			const id = randomUUID();
			devices.set(id, device);
			return {
				id,
				endpoint: `${origin}/push/${id}`,
				expirationTime: null,
				keys: {
					p256dh: ecdh.getPublicKey().toString('base64url'),
					auth: device.auth.toString('base64url'),
				},
			};
		},
		answer(subscriptionId, answer) {
			const device = devices.get(subscriptionId);
			if (!device) throw new Error(`No subscription ${subscriptionId}`);
			device.answer = answer;
		},
		close: () =>
			new Promise((resolve, reject) => {
				server.closeAllConnections();
				server.close((error) => (error ? reject(error) : resolve()));
			}),
	};
}

function header(req: IncomingMessage, name: string): string | null {
	const value = req.headers[name];
	return typeof value === 'string' ? value : null;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): an ES256 JWT signed by `k`, for this
 * service's origin, expiring within a day, naming a contact. Answers the key.
 */
function checkVapid(authorization: string | undefined, origin: string, nowSeconds: number) {
	const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
	if (!match) throw new Refusal(401, 'no VAPID authorization');
	const [, token, key] = match as unknown as [string, string, string];
	const [headerPart, claimsPart, signature] = token.split('.') as [string, string, string];
	const jwtHeader = jwtPart(headerPart) as { alg?: unknown };
	if (jwtHeader.alg !== 'ES256') throw new Refusal(401, 'JWT not ES256');
	const point = Buffer.from(key, 'base64url');
	if (point.length !== 65 || point[0] !== 0x04) throw new Refusal(401, 'k is no P-256 key');
	const publicKey = createPublicKey({
		key: {
			kty: 'EC',
			crv: 'P-256',
			x: point.subarray(1, 33).toString('base64url'),
			y: point.subarray(33).toString('base64url'),
		},
		format: 'jwk',
	});
	const signed = verify(
		'sha256',
		Buffer.from(`${headerPart}.${claimsPart}`),
		{ key: publicKey, dsaEncoding: 'ieee-p1363' },
		Buffer.from(signature, 'base64url'),
	);
	if (!signed) throw new Refusal(401, 'JWT signature does not verify with k');
	const claims = jwtPart(claimsPart) as { aud?: unknown; exp?: unknown; sub?: unknown };
	if (claims.aud !== origin) throw new Refusal(403, `aud ${String(claims.aud)} is not ${origin}`);
	if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) {
		throw new Refusal(403, 'JWT expired');
	}
	if (claims.exp > nowSeconds + maxVapidSeconds) throw new Refusal(403, 'exp over 24 h ahead');
	if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
		throw new Refusal(403, 'sub is no mailto: or https: contact');
	}
	return key;
}

function jwtPart(part: string): object {
	try {
		const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString());
		if (value && typeof value === 'object') return value;
	} catch {
		// Refused below, as any part that is no JSON object.
	}
	throw new Refusal(401, 'JWT part is no JSON object');
}

/** RFC 8291 over RFC 8188: the plaintext of an `aes128gcm` body sent to `device`. */
function decrypt(body: Buffer, device: Device): Buffer {
	if (body.length < 21) throw new Refusal(400, 'body shorter than its header');
	const salt = body.subarray(0, 16);
	const recordSize = body.readUInt32BE(16);
	const keyIdLength = body[20]!;
	if (keyIdLength !== 65) throw new Refusal(400, 'key id is not a 65-byte P-256 key');
	const senderKey = body.subarray(21, 21 + keyIdLength);
	const records = body.subarray(21 + keyIdLength);
	if (recordSize < 18) throw new Refusal(400, 'record size too small');

	const receiverKey = device.ecdh.getPublicKey();
	const sharedSecret = device.ecdh.computeSecret(senderKey);
	const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
	const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, device.auth, keyInfo, 32));
	const contentKey = Buffer.from(
		hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
	);
	const baseNonce = Buffer.from(
		hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
	);

	const parts: Buffer[] = [];
	for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence++) {
		const record = records.subarray(offset, offset + recordSize);
		const last = offset + recordSize >= records.length;
		const nonce = Buffer.from(baseNonce);
		// The record's sequence number is XORed into the nonce's last bytes (RFC 8188, 2.3).
		nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
		const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
		decipher.setAuthTag(record.subarray(record.length - 16));
		let padded: Buffer;
		try {
			padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
		} catch {
			throw new Refusal(400, 'record does not decrypt');
		}
		let end = padded.length - 1;
		while (end >= 0 && padded[end] === 0) end--;
		if (padded[end] !== (last ? 0x02 : 0x01)) throw new Refusal(400, 'bad padding delimiter');
		parts.push(padded.subarray(0, end));
	}
	return Buffer.concat(parts);
}
