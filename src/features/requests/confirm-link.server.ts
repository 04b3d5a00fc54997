import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { findUser, type UserRow } from '~/server/auth/users';
import type { Database } from '~/server/db/client';
import { itemRequests } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { sharedSecret } from '~/server/secrets';
import { findRequest } from './request-views.server';
import { changeRequest } from './requests.server';

/** The key confirm links are signed with, the same for every instance on the database. */
export function confirmLinkKey(db: Database): Promise<string> {
	return sharedSecret(db, 'confirm-link-key', () => randomBytes(32).toString('base64url'));
}

const signature = (key: string, requestId: number, receiverId: string) =>
	createHmac('sha256', key).update(`${requestId}:${receiverId}`).digest('base64url');

/**
 * The token of the link `/confirm/<token>` that confirms a request's hand-over as its receiver:
 * the request's id and a signature of it with the receiver's id, so no other request's or
 * person's link can be made from it.
 */
export function confirmLinkToken(key: string, requestId: number, receiverId: string): string {
	return `${requestId}.${signature(key, requestId, receiverId)}`;
}

/**
 * Where a confirm link stands: its hand-over waits for confirming, was confirmed, or is no longer
 * to be confirmed (disputed, past its time, or never handed over again).
 */
export type ConfirmLinkStage = 'toConfirm' | 'confirmed' | 'closed';

/** What the confirm page shows of the hand-over a link names, and whose it is. */
export interface ConfirmLink {
	requestId: number;
	receiver: UserRow;
	stage: ConfirmLinkStage;
	item: { name: string; photo: string | null };
	/** Empty when the donor deleted their account. */
	donorName: string;
	count: number;
}

const tokenPattern = /^(\d{1,15})\.([\w-]{43})$/;

/** The hand-over a link's token names, or null for a token that is not one this site signed. */
export async function readConfirmLink(
	db: Database,
	token: string,
	now = new Date(),
): Promise<ConfirmLink | null> {
	const match = tokenPattern.exec(token);
	if (!match) return null;
	const requestId = Number(match[1]);
	const [request] = await db
		.select({ receiverId: itemRequests.receiverId })
		.from(itemRequests)
		.where(eq(itemRequests.id, requestId));
	if (!request) return null;
	const expected = Buffer.from(signature(await confirmLinkKey(db), requestId, request.receiverId));
	const given = Buffer.from(match[2]!);
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
	const receiver = await findUser(db, request.receiverId);
	if (!receiver) return null;
	const view = await findRequest(db, receiver.id, requestId, now);
	return {
		requestId,
		receiver,
		stage: view.actions.includes('confirm')
			? 'toConfirm'
			: view.state === 'confirmed'
				? 'confirmed'
				: 'closed',
		item: { name: view.item.name, photo: view.item.photo },
		donorName: view.donor?.name ?? '',
		count: view.givenQuantity ?? view.quantity,
	};
}

/**
 * Confirms the link's hand-over as its receiver, as "I received it" on their requests does (the
 * donor is told, impact counts). A hand-over confirmed, disputed or ended meanwhile is left as
 * it is. Returns whether this call confirmed it, and the link as it stands after.
 */
export async function confirmByLink(
	db: Database,
	link: ConfirmLink,
	now = new Date(),
): Promise<{ confirmed: boolean; link: ConfirmLink }> {
	if (link.stage !== 'toConfirm') return { confirmed: false, link };
	let confirmed = true;
	try {
		await changeRequest(db, link.receiver, link.requestId, { action: 'confirm' }, now);
	} catch (error) {
		// Another tap, or the receiver on their requests, got there first.
		if (!(error instanceof AppError) || error.code !== 'REQUEST_CONFLICT') throw error;
		confirmed = false;
	}
	const view = await findRequest(db, link.receiver.id, link.requestId, now);
	const stage = view.state === 'confirmed' ? 'confirmed' : 'closed';
	return { confirmed, link: { ...link, stage } };
}
