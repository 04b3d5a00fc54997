import { createHash, randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client';
import { preparedStatements } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { findUser, type UserRow } from './users';

/** How long a browser stays signed in. */
export const sessionTtlMs = 14 * 24 * 3600 * 1000;

export interface SessionRecord {
	userId: string;
	/** The ID token, kept on the server as the hint for signing out at the provider. */
	idToken: string | null;
	expiresAt: Date;
}

/** Server-side sessions; the browser only holds a random token. */
export interface SessionStore {
	/** Starts a session and returns the token for the cookie. */
	create(userId: string, idToken: string | null): Promise<string>;
	find(token: string): Promise<SessionRecord | null>;
	/** The person signed in with `token`, or `null`: what every signed-in call asks first. */
	userOf(token: string): Promise<UserRow | null>;
	delete(token: string): Promise<void>;
	/** Ends every session of `userId`, in every browser (after a password change). */
	deleteAllOf(userId: string): Promise<void>;
}

function newToken(): string {
	return randomBytes(32).toString('base64url');
}

/** Tokens are stored hashed, so a leaked table or dump does not sign anyone in. */
function sessionId(token: string): string {
	return createHash('sha256').update(token).digest('base64url');
}

/** Every signed-in call looks its session up: prepared, so PostgreSQL plans it once per connection. */
const sessionById = preparedStatements((db) =>
	db
		.select()
		.from(sessions)
		.where(eq(sessions.id, sql.placeholder('id')))
		.prepare('session_by_id'),
);

/**
 * A live session's user in one statement: the session and its user are one round trip, not two,
 * on every signed-in call.
 */
const userBySession = preparedStatements((db) =>
	db
		.select(getTableColumns(users))
		.from(sessions)
		.innerJoin(users, eq(users.id, sessions.userId))
		.where(
			and(
				eq(sessions.id, sql.placeholder('id')),
				gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
			),
		)
		.prepare('user_by_session'),
);

export function databaseSessionStore(db: Database): SessionStore {
	return {
		async create(userId, idToken) {
			const token = newToken();
			await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
			await db.insert(sessions).values({
				id: sessionId(token),
				userId,
				idToken,
				expiresAt: new Date(Date.now() + sessionTtlMs),
			});
			return token;
		},
		async find(token) {
			const [row] = await sessionById(db).execute({ id: sessionId(token) });
			if (!row || row.expiresAt.getTime() <= Date.now()) return null;
			return { userId: row.userId, idToken: row.idToken, expiresAt: row.expiresAt };
		},
		async userOf(token) {
			const [user] = await userBySession(db).execute({
				id: sessionId(token),
				now: new Date().toISOString(),
			});
			return user ?? null;
		},
		async delete(token) {
			await db.delete(sessions).where(eq(sessions.id, sessionId(token)));
		},
		async deleteAllOf(userId) {
			await db.delete(sessions).where(eq(sessions.userId, userId));
		},
	};
}

/**
 * Sessions in Redis, so every process behind a load balancer sees the same ones; their users are
 * read from `db`.
 */
export function redisSessionStore(redis: Redis, db: Database): SessionStore {
	const key = (token: string) => `session:${sessionId(token)}`;
	// The keys of a user's sessions, so they can all be ended; it lives as long as the newest.
	const userKey = (userId: string) => `user-sessions:${userId}`;
	const find = async (token: string): Promise<SessionRecord | null> => {
		const raw = await redis.get(key(token));
		if (!raw) return null;
		const record = JSON.parse(raw) as {
			userId: string;
			idToken: string | null;
			expiresAt: string;
		};
		return { ...record, expiresAt: new Date(record.expiresAt) };
	};
	return {
		async create(userId, idToken) {
			const token = newToken();
			const expiresAt = new Date(Date.now() + sessionTtlMs);
			const replies = await redis
				.multi()
				.set(key(token), JSON.stringify({ userId, idToken, expiresAt }), 'PX', sessionTtlMs)
				.sadd(userKey(userId), key(token))
				.pexpire(userKey(userId), sessionTtlMs)
				.exec();
			const failed = replies?.find(([error]) => error)?.[0];
			if (!replies || failed) throw failed ?? new Error('Redis discarded the new session');
			return token;
		},
		find,
		async userOf(token) {
			const session = await find(token);
			return session ? findUser(db, session.userId) : null;
		},
		async delete(token) {
			await redis.del(key(token));
		},
		async deleteAllOf(userId) {
			const keys = await redis.smembers(userKey(userId));
			await redis.del(...keys, userKey(userId));
		},
	};
}
