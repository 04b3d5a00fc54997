import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { preparedStatements } from '~/server/db/prepared';
import type { Locale } from '~/lib/i18n/locales';
import { items, notificationSettings, signIns, users } from '~/server/db/schema';

/** A user as stored: the identity at the provider, and the profile. */
export type UserRow = typeof users.$inferSelect;

/**
 * The user signed in as `subject` at `issuer`, created on first sign-in. The provider's word on
 * the address (`email`, and `emailVerified` from a sign-in's ID token) is stored each time; a
 * caller that does not know whether it is verified (an API token) leaves that as it was.
 */
export async function findOrCreateUser(
	db: Database,
	identity: { issuer: string; subject: string; email: string | null; emailVerified?: boolean },
): Promise<UserRow> {
	const [existing] = await db
		.select()
		.from(users)
		.where(and(eq(users.issuer, identity.issuer), eq(users.subject, identity.subject)));
	if (existing) {
		const user = existing.deletionRequestedAt ? await restoreAccount(db, existing) : existing;
		const emailChanged = identity.email !== null && identity.email !== user.email;
		const verifiedChanged =
			identity.emailVerified !== undefined && identity.emailVerified !== user.emailVerified;
		if (!emailChanged && !verifiedChanged) return user;
		const [updated] = await db
			.update(users)
			.set({
				...(emailChanged ? { email: identity.email } : {}),
				...(identity.emailVerified !== undefined ? { emailVerified: identity.emailVerified } : {}),
				updatedAt: new Date(),
			})
			.where(eq(users.id, user.id))
			.returning();
		return updated!;
	}
	const [created] = await db
		.insert(users)
		.values({ id: randomUUID(), ...identity })
		.onConflictDoNothing()
		.returning();
	if (created) return created;
	// Two first sign-ins raced; the other one created the row.
	return findOrCreateUser(db, identity);
}

/**
 * Signing in again within the grace period of a deletion takes it back: the account and its
 * items are as they were (a purged account has another identity, so it is never found here).
 */
async function restoreAccount(db: Database, user: UserRow): Promise<UserRow> {
	return db.transaction(async (tx) => {
		await tx
			.update(items)
			.set({ hiddenAt: null, hiddenReason: null })
			.where(and(eq(items.donorId, user.id), eq(items.hiddenReason, 'deletion')));
		const [restored] = await tx
			.update(users)
			.set({ deletionRequestedAt: null, updatedAt: new Date() })
			.where(eq(users.id, user.id))
			.returning();
		return restored!;
	});
}

/**
 * Notes a sign-in, for the person's own download of their data. A person without notification
 * settings gets them here, their messages in `locale`, the language of the site they signed in
 * from; settings of their own are left as they are. Every sign-in runs this: one statement.
 */
export async function recordSignIn(db: Database, userId: string, locale: Locale): Promise<void> {
	await db.execute(sql`with sign_in as (insert into ${signIns} (user_id) values (${userId}))
		insert into ${notificationSettings} (user_id, language) values (${userId}, ${locale})
		on conflict (user_id) do nothing`);
}

/** Every signed-in call reads its user: prepared, so PostgreSQL plans it once per connection. */
const userById = preparedStatements((db) =>
	db
		.select()
		.from(users)
		.where(eq(users.id, sql.placeholder('id')))
		.prepare('user_by_id'),
);

export async function findUser(db: Database, id: string): Promise<UserRow | null> {
	const [user] = await userById(db).execute({ id });
	return user ?? null;
}
