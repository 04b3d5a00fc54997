import { createHash, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { passwordResetPolicy } from '~/config/limits';
import type { Database } from '../../db/client';
import { localAccounts, oidcPayloads, passwordResetTokens, users } from '../../db/schema';
import type { SessionStore } from '../sessions';
import { credentialsSchema } from './interaction';
import { providerMountPath } from './provider';

/** Links carry the token; the table keeps its SHA-256, so a leaked table resets nothing. */
function tokenDigest(token: string): string {
	return createHash('sha256').update(token).digest('base64url');
}

/** A new reset link's token for `accountId`, usable once within 30 minutes of `now`. */
export async function issueResetToken(
	db: Database,
	accountId: string,
	now = new Date(),
): Promise<string> {
	const token = randomBytes(32).toString('base64url');
	await db.delete(passwordResetTokens).where(lte(passwordResetTokens.expiresAt, now));
	await db.insert(passwordResetTokens).values({
		digest: tokenDigest(token),
		accountId,
		expiresAt: new Date(now.getTime() + passwordResetPolicy.linkTtlMs),
	});
	return token;
}

/** Whether a link's token can still set a password: known, unused and not expired. */
export async function isResetTokenUsable(
	db: Database,
	token: string,
	now = new Date(),
): Promise<boolean> {
	if (!token) return false;
	const [row] = await db
		.select({ accountId: passwordResetTokens.accountId })
		.from(passwordResetTokens)
		.where(
			and(
				eq(passwordResetTokens.digest, tokenDigest(token)),
				gt(passwordResetTokens.expiresAt, now),
			),
		);
	return Boolean(row);
}

/**
 * Spends the token and gives its account `passwordHash`, in one transaction: the token's row is
 * deleted by the statement that finds it, so of two uses at once only one gets the account.
 * Every other link of the account stops working too. The account's id, or `null`.
 */
async function spendResetToken(
	db: Database,
	token: string,
	passwordHash: string,
	now: Date,
): Promise<string | null> {
	return db.transaction(async (tx) => {
		const [spent] = await tx
			.delete(passwordResetTokens)
			.where(
				and(
					eq(passwordResetTokens.digest, tokenDigest(token)),
					gt(passwordResetTokens.expiresAt, now),
				),
			)
			.returning({ accountId: passwordResetTokens.accountId });
		if (!spent) return null;
		await tx
			.update(localAccounts)
			.set({ passwordHash })
			.where(eq(localAccounts.id, spent.accountId));
		await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.accountId, spent.accountId));
		return spent.accountId;
	});
}

interface ResetDeps {
	db: Database;
	sessions: SessionStore;
	config: { publicUrl: string };
}

/**
 * Signs the account out everywhere: its sessions at the provider (which would sign it in again
 * without a password) and its sessions on the site, whose users are keyed by the provider's
 * issuer and the account's id.
 */
async function endSessionsOfAccount(deps: ResetDeps, accountId: string): Promise<void> {
	const issuer = `${deps.config.publicUrl}${providerMountPath}`;
	await deps.db
		.delete(oidcPayloads)
		.where(
			and(
				inArray(oidcPayloads.type, ['Session', 'Grant']),
				sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`,
			),
		);
	const siteUsers = await deps.db
		.select({ id: users.id })
		.from(users)
		.where(and(eq(users.issuer, issuer), eq(users.subject, accountId)));
	for (const user of siteUsers) await deps.sessions.deleteAllOf(user.id);
}

export type PasswordResetOutcome =
	| { ok: true; accountId: string }
	| { ok: false; linkUnusable: true }
	| { ok: false; linkUnusable?: false; errors: Record<string, string> };

/**
 * Sets the new password of the form (`password`, `passwordConfirm`, checked by the sign-up's
 * rules) for the account of the link's `token`, and signs that account out everywhere.
 */
export async function resetPassword(
	deps: ResetDeps,
	token: string,
	form: { password: string; passwordConfirm: string },
	now = new Date(),
): Promise<PasswordResetOutcome> {
	if (!(await isResetTokenUsable(deps.db, token, now))) return { ok: false, linkUnusable: true };
	const errors: Record<string, string> = {};
	const password = credentialsSchema.shape.password.safeParse(form.password);
	if (!password.success) errors['password'] = password.error.issues[0]!.message;
	if (form.password !== form.passwordConfirm) {
		errors['passwordConfirm'] = 'auth.form.errors.passwordMismatch';
	}
	if (Object.keys(errors).length > 0) return { ok: false, errors };

	const accountId = await spendResetToken(deps.db, token, await hash(form.password), now);
	if (!accountId) return { ok: false, linkUnusable: true };
	await endSessionsOfAccount(deps, accountId);
	return { ok: true, accountId };
}
