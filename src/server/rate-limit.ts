import { eq, lte, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from './db/client';
import { sqlStatement, unmappedRows } from './db/prepared';
import { rateLimits } from './db/schema';

export interface RateLimitRule {
	/** Requests allowed per window. */
	limit: number;
	windowMs: number;
}

/** A caller's current window: no hits and no time left when none is running. */
export interface RateLimitWindow {
	/** Hits in the current window. */
	count: number;
	/** Seconds until the window resets, for `Retry-After`; 0 when no window is running. */
	retryAfterSeconds: number;
}

export interface RateLimitResult extends RateLimitWindow {
	allowed: boolean;
}

/** Fixed-window counters keyed by rule and caller (user id, account or IP address). */
export interface RateLimiter {
	/** Counts a hit, starting a window of `rule.windowMs` when none is running. */
	hit(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
	/** Reads the current window without counting. */
	peek(key: string): Promise<RateLimitWindow>;
	/** Forgets the current window, as if the caller had never been counted. */
	reset(key: string): Promise<void>;
	/**
	 * Counts a hit as one more statement of `transaction`, a transaction of the database that
	 * holds the counters: sent beside its other statements, it costs no round trip of its own,
	 * and the count is undone if the transaction is. Only the database's counters have it.
	 */
	hitWithin?(
		transaction: Pick<Database, '_'>,
		key: string,
		rule: RateLimitRule,
	): Promise<RateLimitResult>;
}

const secondsUntil = (resetAt: number) => Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));

function result(count: number, rule: RateLimitRule, resetAt: number): RateLimitResult {
	return { allowed: count <= rule.limit, count, retryAfterSeconds: secondsUntil(resetAt) };
}

const noWindow: RateLimitWindow = { count: 0, retryAfterSeconds: 0 };

/**
 * Counting a hit, sent with every write: prepared, so PostgreSQL plans it once per connection,
 * and written in SQL so that a transaction runs it without building it again. A window that is
 * over starts again at 1. The window's end comes back in milliseconds, a number on both drivers.
 */
const countHit = sqlStatement(
	'rate_limit_hit',
	sql`insert into rate_limits (key, count, reset_at)
	values (${sql.placeholder('key')}::text, 1, ${sql.placeholder('resetAt')}::timestamptz)
	on conflict (key) do update set
		count = case when rate_limits.reset_at <= ${sql.placeholder('now')}::timestamptz
			then 1 else rate_limits.count + 1 end,
		-- excluded holds the values this insert proposed: the new window's end.
		reset_at = case when rate_limits.reset_at <= ${sql.placeholder('now')}::timestamptz
			then excluded.reset_at else rate_limits.reset_at end
	returning count, (extract(epoch from reset_at) * 1000)::float8 as reset_at_ms`,
);

/** Counters in the database: shared by processes on one database, no extra service. */
export function databaseRateLimiter(db: Database): RateLimiter {
	const hitWithin: RateLimiter['hitWithin'] = async (runner, key, rule) => {
		const now = new Date();
		const [row] = await unmappedRows<{ count: number; reset_at_ms: number }>(countHit(runner), {
			key,
			now: now.toISOString(),
			resetAt: new Date(now.getTime() + rule.windowMs).toISOString(),
		});
		return result(row!.count, rule, row!.reset_at_ms);
	};
	return {
		hit: (key, rule) => hitWithin(db, key, rule),
		hitWithin,
		async peek(key) {
			const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
			if (!row || row.resetAt.getTime() <= Date.now()) return noWindow;
			return { count: row.count, retryAfterSeconds: secondsUntil(row.resetAt.getTime()) };
		},
		async reset(key) {
			await db.delete(rateLimits).where(eq(rateLimits.key, key));
		},
	};
}

/** Removes the database's windows that are over: a window that is over counts as none. */
export async function deleteEndedRateLimits(db: Database, now = new Date()): Promise<void> {
	await db.delete(rateLimits).where(lte(rateLimits.resetAt, now));
}

/** The replies of a Redis transaction, or the error that failed it. */
function repliesOf(replies: [Error | null, unknown][] | null): unknown[] {
	const failed = replies?.find(([error]) => error)?.[0];
	if (!replies || failed) throw failed ?? new Error('Redis discarded the rate-limit transaction');
	return replies.map(([, reply]) => reply);
}

/**
 * Counters in Redis for many processes. One transaction starts the window (a counter that expires
 * with it, unless one is running), counts the hit and reads what is left of the window, so no
 * counter is ever left without its expiry, whatever happens between two calls.
 */
export function redisRateLimiter(redis: Redis): RateLimiter {
	const redisKey = (key: string) => `ratelimit:${key}`;
	return {
		async hit(key, rule) {
			const [, count, remaining] = repliesOf(
				await redis
					.multi()
					.set(redisKey(key), 0, 'PX', rule.windowMs, 'NX')
					.incr(redisKey(key))
					.pttl(redisKey(key))
					.exec(),
			);
			return result(Number(count), rule, Date.now() + Math.max(0, Number(remaining)));
		},
		async peek(key) {
			const [count, remaining] = repliesOf(
				await redis.multi().get(redisKey(key)).pttl(redisKey(key)).exec(),
			);
			if (count === null || Number(remaining) <= 0) return noWindow;
			return {
				count: Number(count),
				retryAfterSeconds: secondsUntil(Date.now() + Number(remaining)),
			};
		},
		async reset(key) {
			await redis.del(redisKey(key));
		},
	};
}

/** The limits of the product, per caller. */
export const rateLimitRules = {
	write: { limit: 60, windowMs: 60_000 },
	phoneReveal: { limit: 30, windowMs: 60 * 60_000 },
	areaSearch: { limit: 120, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>;
