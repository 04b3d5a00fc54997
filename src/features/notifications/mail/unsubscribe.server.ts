import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { users } from '~/server/db/schema';
import { sharedSecret } from '~/server/secrets';
import { updateNotificationSettings } from '../notification-settings.server';
import type { EventKind } from '../notifications';
import { readUnsubscribeToken } from './unsubscribe-token.server';

/** The name of the key that signs unsubscribe links in `app_secrets`. */
export const unsubscribeKeyName = 'unsubscribe-link-key';

/** The key that signs unsubscribe links, the same in every process on the database. */
export async function unsubscribeKey(db: Database): Promise<Buffer> {
	const key = await sharedSecret(db, unsubscribeKeyName, () =>
		randomBytes(32).toString('base64url'),
	);
	return Buffer.from(key, 'base64url');
}

/** The form field of the unsubscribe page's button that turns the mail on again. */
export const resubscribeField = 'resubscribe';

/**
 * What an unsubscribe link answers: mail of the link's kind `stopped` (the page opened in a
 * browser), `oneClick` (a mail client's POST), or `resumed` by the page's button; `invalid` for
 * a token this site did not sign, or a post that is neither of the two.
 */
export type UnsubscribeAnswer =
	| { status: 200; view: 'stopped' | 'oneClick' | 'resumed'; eventKind: EventKind }
	| { status: 400; view: 'invalid' };

const invalid: UnsubscribeAnswer = { status: 400, view: 'invalid' };

/** Whether a posted form is a mail client's one-click unsubscribe (RFC 8058). */
function isOneClick(form: FormData | null): boolean {
	return form?.get('List-Unsubscribe') === 'One-Click';
}

/**
 * Answers an unsubscribe link. Opening it stops the mail (again, harmlessly, when it is
 * stopped already), as does a mail client's one-click POST; the page's button turns it back
 * on. Only the person's choice for that kind of event by mail changes, and only for a token
 * signed here that names a person who still has an account.
 */
export async function answerUnsubscribe(
	db: Database,
	request: { method: string; token: string; form: FormData | null },
): Promise<UnsubscribeAnswer> {
	const target = readUnsubscribeToken(await unsubscribeKey(db), request.token);
	if (!target) return invalid;
	const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, target.userId));
	if (!person) return invalid;
	const choose = (email: boolean) =>
		updateNotificationSettings(db, target.userId, {
			channels: { [target.eventKind]: { email } },
		});
	const { eventKind } = target;
	if (request.method === 'GET' || request.method === 'HEAD') {
		await choose(false);
		return { status: 200, view: 'stopped', eventKind };
	}
	if (request.method !== 'POST') return invalid;
	if (isOneClick(request.form)) {
		await choose(false);
		return { status: 200, view: 'oneClick', eventKind };
	}
	if (request.form?.has(resubscribeField)) {
		await choose(true);
		return { status: 200, view: 'resumed', eventKind };
	}
	return invalid;
}
