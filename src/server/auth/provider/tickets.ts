import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';
import { sharedSecret } from '../../secrets';

const ticketTtlMs = 2 * 60_000;

async function ticketKey(db: Database): Promise<Buffer> {
	const key = await sharedSecret(db, 'interaction-ticket-key', () =>
		randomBytes(32).toString('base64url'),
	);
	return Buffer.from(key, 'base64url');
}

/**
 * A short-lived proof that the sign-in page authenticated `accountId` for interaction `uid`,
 * handed to the provider through the browser so the provider can finish the interaction.
 */
export async function issueInteractionTicket(
	db: Database,
	uid: string,
	accountId: string,
	now = Date.now(),
): Promise<string> {
	const body = Buffer.from(JSON.stringify({ uid, accountId, exp: now + ticketTtlMs })).toString(
		'base64url',
	);
	const mac = createHmac('sha256', await ticketKey(db))
		.update(body)
		.digest('base64url');
	return `${body}.${mac}`;
}

/** The account a ticket vouches for, when it is genuine, for `uid`, and not expired. */
export async function readInteractionTicket(
	db: Database,
	uid: string,
	ticket: string,
	now = Date.now(),
): Promise<string | null> {
	const [body, mac] = ticket.split('.');
	if (!body || !mac) return null;
	const expected = createHmac('sha256', await ticketKey(db))
		.update(body)
		.digest();
	const given = Buffer.from(mac, 'base64url');
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
	try {
		const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
			uid?: unknown;
			accountId?: unknown;
			exp?: unknown;
		};
		if (claims.uid !== uid || typeof claims.accountId !== 'string') return null;
		if (typeof claims.exp !== 'number' || claims.exp < now) return null;
		return claims.accountId;
	} catch {
		return null;
	}
}
