import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { localAccounts } from '../../db/schema';

export interface LocalAccount {
	id: string;
	email: string;
}

// A hash of nothing in particular, verified when the email is unknown so that the answer takes
// as long as for a real account and does not reveal which emails are registered.
const decoyHash = hash('decoy password that never matches');

/** Normalizes an email for lookups: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
	return email.trim().toLowerCase();
}

/** An account by id, with when its address was confirmed (`null`: not yet). */
export async function findLocalAccount(
	db: Database,
	id: string,
): Promise<(LocalAccount & { emailVerifiedAt: Date | null }) | null> {
	const [account] = await db
		.select({
			id: localAccounts.id,
			email: localAccounts.email,
			emailVerifiedAt: localAccounts.emailVerifiedAt,
		})
		.from(localAccounts)
		.where(eq(localAccounts.id, id));
	return account ?? null;
}

/** Creates an account; `null` when the email is already registered. */
export async function createLocalAccount(
	db: Database,
	email: string,
	password: string,
): Promise<LocalAccount | null> {
	const account = { id: randomUUID(), email: normalizeEmail(email) };
	const inserted = await db
		.insert(localAccounts)
		.values({ ...account, passwordHash: await hash(password) })
		.onConflictDoNothing()
		.returning({ id: localAccounts.id });
	return inserted.length > 0 ? account : null;
}

/** The account when email and password match, else `null`. */
export async function verifyLocalAccount(
	db: Database,
	email: string,
	password: string,
): Promise<LocalAccount | null> {
	const [account] = await db
		.select()
		.from(localAccounts)
		.where(eq(localAccounts.email, normalizeEmail(email)));
	if (!account) {
		await verify(await decoyHash, password);
		return null;
	}
	return (await verify(account.passwordHash, password))
		? { id: account.id, email: account.email }
		: null;
}
