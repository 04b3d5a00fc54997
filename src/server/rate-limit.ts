import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from './db/client';
import { rateLimits } from './db/schema';

export interface RateLimitRule {
	/** Requests allowed per window. */
	limit: number;
	windowMs: number;
}

export interface RateLimitResult {
	allowed: boolean;
	/** Hits in the current window, this one included. */
	count: number;
	/** Seconds until the window resets, for `Retry-After`. */
	retryAfterSeconds: number;
}

/** Fixed-window counters keyed by rule and caller (user id or IP address). */
export interface RateLimiter {
	hit(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
}

function result(count: number, rule: RateLimitRule, resetAt: number): RateLimitResult {
	return {
		allowed: count <= rule.limit,
		count,
		retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)),
	};
}

/** Counters in the database: shared by processes on one database, no extra service. */
export function databaseRateLimiter(db: Database): RateLimiter {
	return {
		async hit(key, rule) {
			const now = new Date();
			const resetAt = new Date(now.getTime() + rule.windowMs);
			const [row] = await db
				.insert(rateLimits)
				.values({ key, count: 1, resetAt })
				.onConflictDoUpdate({
					target: rateLimits.key,
					set: {
						count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
						resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
					},
				})
				.returning();
			return result(row!.count, rule, row!.resetAt.getTime());
		},
	};
}

/**
 * Counters in Redis for many processes. One transaction starts the window (a counter that expires
 * with it, unless one is running), counts the hit and reads what is left of the window, so no
 * counter is ever left without its expiry, whatever happens between two calls.
 */
export function redisRateLimiter(redis: Redis): RateLimiter {
	return {
		async hit(key, rule) {
			const redisKey = `ratelimit:${key}`;
			const replies = await redis
				.multi()
				.set(redisKey, 0, 'PX', rule.windowMs, 'NX')
				.incr(redisKey)
				.pttl(redisKey)
				.exec();
			const failed = replies?.find(([error]) => error)?.[0];
			if (!replies || failed) throw failed ?? new Error('Redis discarded the rate-limit count');
			const count = Number(replies[1]![1]);
			const remaining = Number(replies[2]![1]);
			return result(count, rule, Date.now() + Math.max(0, remaining));
		},
	};
}

/** The limits of the product, per caller. */
export const rateLimitRules = {
	signIn: { limit: 10, windowMs: 15 * 60_000 },
	signUp: { limit: 5, windowMs: 60 * 60_000 },
	write: { limit: 60, windowMs: 60_000 },
	phoneReveal: { limit: 30, windowMs: 60 * 60_000 },
	areaSearch: { limit: 120, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>;
