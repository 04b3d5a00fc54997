import { itemLimits } from '~/config/limits';
import { AppError } from '~/server/http/errors';
import type { RateLimiter } from '~/server/rate-limit';

const counterKey = (userId: string) => `items-listed:user:${userId}`;

/** A listing past the day's limit: 429 with the limit in the message and the wait until it ends. */
function pastDailyLimit(retryAfterSeconds: number): AppError {
	return new AppError('RATE_LIMITED', undefined, retryAfterSeconds, {
		key: 'itemForm.errors.dailyLimit',
		values: { limit: itemLimits.createdPerDay },
	});
}

/**
 * Refuses a listing at once when the donor has listed the day's items, before anything is
 * checked or spent (their human check's token stays unused).
 */
export async function refuseAtDailyLimit(limiter: RateLimiter, userId: string): Promise<void> {
	const today = await limiter.peek(counterKey(userId));
	if (today.count >= itemLimits.createdPerDay) throw pastDailyLimit(today.retryAfterSeconds);
}

/**
 * Counts a listing about to be stored, once its fields and photos are known to be good, and
 * refuses it past the day's limit. Counting before storing keeps listings sent at once within it.
 */
export async function countDailyItem(limiter: RateLimiter, userId: string): Promise<void> {
	const today = await limiter.hit(counterKey(userId), {
		limit: itemLimits.createdPerDay,
		windowMs: itemLimits.createdPerDayWindowMs,
	});
	if (!today.allowed) throw pastDailyLimit(today.retryAfterSeconds);
}
