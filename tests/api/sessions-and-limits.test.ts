import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	databaseSessionStore,
	redisSessionStore,
	type SessionStore,
	sessionTtlMs,
} from '~/server/auth/sessions';
import type { DatabaseHandle } from '~/server/db/client';
import { sessions as sessionRows, users } from '~/server/db/schema';
import { databaseRateLimiter, type RateLimiter, redisRateLimiter } from '~/server/rate-limit';
import { describeOnDatabases, freshPglite, testDatabases } from '../helpers/test-server';

/** One place sessions and rate limits are kept: a database, or Redis for many processes. */
interface Backend {
	sessions: SessionStore;
	limiter: RateLimiter;
	/** A user the sessions can belong to. */
	newUser(): Promise<string>;
	/** Everything stored for sessions, as text, to look for tokens in. */
	storedSessions(): Promise<string>;
	/** Moves `userId`'s sessions past their end, where they are rows (Redis lets them expire). */
	endSessionsOf?(userId: string): Promise<void>;
	/** Milliseconds until a rate-limit counter is forgotten, where counters expire (Redis). */
	counterLifetime?(key: string): Promise<number>;
	close(): Promise<void>;
}

/** A copy of the migrated database, and a way to add a user to it. */
function openUsers(database: DatabaseHandle) {
	const { db } = database;
	return {
		db,
		async newUser() {
			const id = randomUUID();
			await db.insert(users).values({ id, issuer: 'https://issuer.example', subject: id });
			return id;
		},
	};
}

async function databaseBackend(open: () => Promise<DatabaseHandle>): Promise<Backend> {
	const database = await open();
	const { db, newUser } = openUsers(database);
	return {
		sessions: databaseSessionStore(db),
		limiter: databaseRateLimiter(db),
		newUser,
		async endSessionsOf(userId) {
			await db
				.update(sessionRows)
				.set({ expiresAt: new Date(Date.now() - 1000) })
				.where(eq(sessionRows.userId, userId));
		},
		// A window's row stays and starts over once it is past: nothing expires.
		storedSessions: async () => JSON.stringify(await db.select().from(sessionRows)),
		close: () => database.close(),
	};
}

/** Sessions in Redis; their users, as on a server, in a database (here an in-memory one). */
async function redisBackend(url: string): Promise<Backend> {
	const redis = new Redis(url);
	const database = await freshPglite();
	const { db, newUser } = openUsers(database);
	return {
		sessions: redisSessionStore(redis, db),
		limiter: redisRateLimiter(redis),
		newUser,
		async storedSessions() {
			const stored: string[] = [];
			for await (const keys of redis.scanStream({ match: 'session:*', count: 1000 })) {
				for (const key of keys as string[]) stored.push(key, (await redis.get(key)) ?? '');
			}
			return stored.join('\n');
		},
		counterLifetime: (key) => redis.pttl(`ratelimit:${key}`),
		close: async () => {
			await redis.quit();
			await database.close();
		},
	};
}

/** The databases of the API suites, and the Redis server named by TEST_REDIS_URL. */
const backends: { name: string; start: () => Promise<Backend> }[] = [
	...testDatabases.map(({ name, open }) => ({ name, start: () => databaseBackend(open) })),
	...(process.env['TEST_REDIS_URL']
		? [{ name: 'Redis', start: () => redisBackend(process.env['TEST_REDIS_URL']!) }]
		: []),
];

for (const { name, start } of backends) {
	describe(`sessions and rate limits (${name})`, () => {
		let backend: Backend;
		beforeAll(async () => {
			backend = await start();
		}, 120_000);
		afterAll(() => backend?.close());

		describe('sessions', () => {
			it('find their user until they are deleted', async () => {
				const userId = await backend.newUser();
				const token = await backend.sessions.create(userId, 'the-id-token');
				const found = await backend.sessions.find(token);
				expect(found).toMatchObject({ userId, idToken: 'the-id-token' });
				const lifetime = found!.expiresAt.getTime() - Date.now();
				expect(lifetime).toBeGreaterThan(sessionTtlMs - 60_000);
				expect(lifetime).toBeLessThanOrEqual(sessionTtlMs);

				await backend.sessions.delete(token);
				expect(await backend.sessions.find(token)).toBeNull();
			});

			it('name their signed-in user in one call, and nobody once deleted', async () => {
				const userId = await backend.newUser();
				const token = await backend.sessions.create(userId, null);
				expect(await backend.sessions.userOf(token)).toMatchObject({ id: userId });
				expect(await backend.sessions.userOf('a-token-nobody-was-given')).toBeNull();
				await backend.sessions.delete(token);
				expect(await backend.sessions.userOf(token)).toBeNull();
			});

			it('name nobody once past their end', async ({ skip }) => {
				if (!backend.endSessionsOf) skip('Redis forgets a session at its end by itself');
				const userId = await backend.newUser();
				const token = await backend.sessions.create(userId, null);
				await backend.endSessionsOf!(userId);
				expect(await backend.sessions.userOf(token)).toBeNull();
				expect(await backend.sessions.find(token)).toBeNull();
			});

			it('are not found by a token nobody was given', async () => {
				await backend.sessions.create(await backend.newUser(), null);
				expect(await backend.sessions.find('a-token-nobody-was-given')).toBeNull();
			});

			it('keep only a digest of the token, so what is stored signs nobody in', async () => {
				const token = await backend.sessions.create(await backend.newUser(), null);
				expect(await backend.storedSessions()).not.toContain(token);
				expect(await backend.sessions.find(token)).not.toBeNull();
			});

			it('are apart for each sign-in of the same user', async () => {
				const userId = await backend.newUser();
				const first = await backend.sessions.create(userId, 'first');
				const second = await backend.sessions.create(userId, 'second');
				expect(first).not.toBe(second);
				await backend.sessions.delete(first);
				expect(await backend.sessions.find(second)).toMatchObject({ userId, idToken: 'second' });
			});
		});

		describe('rate limits', () => {
			const rule = { limit: 3, windowMs: 60_000 };

			it('allow the limit of hits in a window, then refuse with the time left', async () => {
				const key = `test:${randomUUID()}`;
				for (let hit = 1; hit <= rule.limit; hit++) {
					expect(await backend.limiter.hit(key, rule)).toMatchObject({ allowed: true, count: hit });
				}
				const refused = await backend.limiter.hit(key, rule);
				expect(refused).toMatchObject({ allowed: false, count: rule.limit + 1 });
				expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
				expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
			});

			it('count each caller apart', async () => {
				const busy = `test:${randomUUID()}`;
				for (let hit = 0; hit <= rule.limit; hit++) await backend.limiter.hit(busy, rule);
				expect(await backend.limiter.hit(`test:${randomUUID()}`, rule)).toMatchObject({
					allowed: true,
					count: 1,
				});
			});

			it('count hits that arrive at once one by one', async () => {
				const key = `test:${randomUUID()}`;
				const results = await Promise.all(
					Array.from({ length: 20 }, () =>
						backend.limiter.hit(key, { limit: 10, windowMs: 60_000 }),
					),
				);
				const counts = results.map((result) => result.count).sort((a, b) => a - b);
				expect(counts).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
				expect(results.filter((result) => result.allowed)).toHaveLength(10);
			});

			it('start a new window once the last one is over', async () => {
				const key = `test:${randomUUID()}`;
				const short = { limit: 1, windowMs: 300 };
				expect((await backend.limiter.hit(key, short)).allowed).toBe(true);
				expect((await backend.limiter.hit(key, short)).allowed).toBe(false);
				await sleep(400);
				expect(await backend.limiter.hit(key, short)).toMatchObject({ allowed: true, count: 1 });
			});

			it('show a caller’s window without counting, and none once it is over or reset', async () => {
				const key = `test:${randomUUID()}`;
				expect(await backend.limiter.peek(key)).toEqual({ count: 0, retryAfterSeconds: 0 });
				await backend.limiter.hit(key, rule);
				await backend.limiter.hit(key, rule);
				const seen = await backend.limiter.peek(key);
				expect(seen.count).toBe(2);
				expect(seen.retryAfterSeconds).toBeGreaterThanOrEqual(1);
				expect(seen.retryAfterSeconds).toBeLessThanOrEqual(60);

				await backend.limiter.reset(key);
				expect(await backend.limiter.peek(key)).toEqual({ count: 0, retryAfterSeconds: 0 });
				expect(await backend.limiter.hit(key, rule)).toMatchObject({ allowed: true, count: 1 });

				const short = `test:${randomUUID()}`;
				await backend.limiter.hit(short, { limit: 1, windowMs: 300 });
				await sleep(400);
				expect(await backend.limiter.peek(short)).toEqual({ count: 0, retryAfterSeconds: 0 });
			});

			it.runIf(name === 'Redis')('forget a caller’s count with the end of its window', async () => {
				const key = `test:${randomUUID()}`;
				await backend.limiter.hit(key, rule);
				await backend.limiter.hit(key, rule);
				const lifetime = await backend.counterLifetime!(key);
				expect(lifetime).toBeGreaterThan(0);
				expect(lifetime).toBeLessThanOrEqual(rule.windowMs);
			});
		});
	});
}

if (process.env['TEST_REDIS_URL']) {
	const redisUrl = process.env['TEST_REDIS_URL'];
	describeOnDatabases(
		'the API with REDIS_URL',
		(use) => {
			const saveProfile = (cookie: string) =>
				use().request('/profile', {
					method: 'PUT',
					headers: { Cookie: cookie, 'Content-Type': 'application/json' },
					body: '{}',
				});

			it('signs callers in with sessions kept in Redis', async () => {
				const user = await use().createUser();
				// Not one session in the database: the one that signs the caller in is in Redis.
				expect(await use().server.db.select().from(sessionRows)).toEqual([]);
				const signedIn = await use().request('/profile/check', { user });
				expect(signedIn.status).toBe(200);
				await use().server.sessions.delete(user.token);
				const signedOut = await use().request('/profile/check', { user });
				expect(signedOut.status).toBe(401);
			});

			it('counts writes in Redis and answers 429 past the limit', async () => {
				const user = await use().createUser();
				for (let write = 0; write < 60; write++) {
					const response = await saveProfile(user.cookie);
					expect(response.status).toBe(400);
					await response.body?.cancel();
				}
				const limited = await saveProfile(user.cookie);
				expect(limited.status).toBe(429);
				expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
				const redis = new Redis(redisUrl);
				try {
					expect(Number(await redis.get(`ratelimit:write:user:${user.id}`))).toBe(61);
				} finally {
					await redis.quit();
				}
			});
		},
		{ env: { REDIS_URL: redisUrl } },
	);
}
