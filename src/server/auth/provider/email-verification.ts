import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { emailVerificationPolicy } from '~/config/limits';
import type { Locale } from '~/lib/i18n/locales';
import type { Database } from '../../db/client';
import { localAccounts, users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { RateLimiter } from '../../rate-limit';
import { sharedSecret } from '../../secrets';
import type { UserRow } from '../users';
import { providerMountPath } from './provider';
import { verificationLink, verificationMail } from './verification-mail';

export interface VerificationDeps {
	db: Database;
	mailer: Mailer;
	config: { publicUrl: string };
}

const macBytes = 32;

/** The issuer of the built-in provider's accounts on the site. */
function builtInIssuer(config: { publicUrl: string }): string {
	return `${config.publicUrl}${providerMountPath}`;
}

async function verificationKey(db: Database): Promise<Buffer> {
	const key = await sharedSecret(db, 'email-verification-key', () =>
		randomBytes(32).toString('base64url'),
	);
	return Buffer.from(key, 'base64url');
}

/** The MAC binds the address too: a link made for an earlier address confirms no later one. */
function mac(key: Buffer, payload: Buffer, email: string): Buffer {
	return createHmac('sha256', key).update(payload).update('\n').update(email).digest();
}

/**
 * The token of a confirmation link: its expiry and the account, with their HMAC, in base64url.
 * Nothing is stored: the link is good until it expires, and once the address is confirmed it
 * changes nothing more.
 */
function verificationToken(key: Buffer, account: { id: string; email: string }, now: Date) {
	const expires = Math.floor((now.getTime() + emailVerificationPolicy.linkTtlMs) / 1000);
	const payload = Buffer.from(`${expires} ${account.id}`);
	return Buffer.concat([payload, mac(key, payload, account.email)]).toString('base64url');
}

/** Mails the link that confirms `account`'s address, written in `locale`. */
export async function sendVerificationMail(
	deps: VerificationDeps,
	account: { id: string; email: string },
	locale: Locale,
	now = new Date(),
): Promise<void> {
	const token = verificationToken(await verificationKey(deps.db), account, now);
	const link = verificationLink(deps.config.publicUrl, locale, token);
	await deps.mailer.send(verificationMail(account.email, link, locale));
}

export type VerificationOutcome = { ok: true; email: string } | { ok: false };

/**
 * Confirms the address of the link's `token`: the account's `emailVerifiedAt`, and at once the
 * site's record of that account, which a sign-in would otherwise update only the next time.
 */
export async function verifyEmailAddress(
	deps: Pick<VerificationDeps, 'db' | 'config'>,
	token: string,
	now = new Date(),
): Promise<VerificationOutcome> {
	if (!/^[\w-]+$/.test(token)) return { ok: false };
	const bytes = Buffer.from(token, 'base64url');
	if (bytes.length <= macBytes || bytes.toString('base64url') !== token) return { ok: false };
	const payload = bytes.subarray(0, bytes.length - macBytes);
	const [expires, accountId] = payload.toString().split(' ');
	if (!accountId || !(Number(expires) * 1000 > now.getTime())) return { ok: false };
	const [account] = await deps.db
		.select()
		.from(localAccounts)
		.where(eq(localAccounts.id, accountId));
	const expected = account && mac(await verificationKey(deps.db), payload, account.email);
	const given = bytes.subarray(bytes.length - macBytes);
	if (!account || !expected || !timingSafeEqual(given, expected)) return { ok: false };
	if (!account.emailVerifiedAt) {
		await deps.db
			.update(localAccounts)
			.set({ emailVerifiedAt: now })
			.where(eq(localAccounts.id, account.id));
	}
	await deps.db
		.update(users)
		.set({ emailVerified: true, updatedAt: now })
		.where(and(eq(users.issuer, builtInIssuer(deps.config)), eq(users.subject, account.id)));
	return { ok: true, email: account.email };
}

/**
 * Whether the site may offer `user` the confirmation link again: their account is the built-in
 * provider's and its address is not confirmed yet.
 */
export function mayResendVerification(
	server: { provider: unknown; config: { publicUrl: string } },
	user: Pick<UserRow, 'issuer' | 'emailVerified' | 'email'>,
): boolean {
	return (
		server.provider !== null &&
		!user.emailVerified &&
		user.email !== null &&
		user.issuer === builtInIssuer(server.config)
	);
}

export type ResendOutcome =
	| { sent: true; email: string }
	| { sent: false; reason: 'notNeeded' }
	| { sent: false; reason: 'limited'; retryAfterMinutes: number };

/**
 * Mails the confirmation link again to a signed-in `user` whose built-in account's address is
 * not confirmed yet; a few times an hour at most. Accounts of an external provider confirm
 * their address there.
 */
export async function resendVerificationMail(
	deps: VerificationDeps & { rateLimiter: RateLimiter },
	user: Pick<UserRow, 'issuer' | 'subject'>,
	locale: Locale,
	now = new Date(),
): Promise<ResendOutcome> {
	if (user.issuer !== builtInIssuer(deps.config)) {
		return { sent: false, reason: 'notNeeded' };
	}
	const [account] = await deps.db
		.select()
		.from(localAccounts)
		.where(eq(localAccounts.id, user.subject));
	if (!account || account.emailVerifiedAt) return { sent: false, reason: 'notNeeded' };
	const limit = await deps.rateLimiter.hit(
		`emailVerification:${account.id}`,
		emailVerificationPolicy.resendPerAccount,
	);
	if (!limit.allowed) {
		return {
			sent: false,
			reason: 'limited',
			retryAfterMinutes: Math.ceil(limit.retryAfterSeconds / 60),
		};
	}
	await sendVerificationMail(deps, account, locale, now);
	return { sent: true, email: account.email };
}
