import type { Redis } from 'ioredis';
import { rateCacheTtlMs } from '~/config/shipping';
import { type Parcel, parcelKey, type RateSource } from './rate-source';
import type { RateOption } from './shipping';

/** Options of the rate cache. */
export interface RateCacheOptions {
	/** Shared by every process when set; the process's own memory is asked first either way. */
	redis?: Redis | null;
	ttlMs?: number;
	/** Entries kept in memory; the oldest go first. */
	maxEntries?: number;
	/** The clock, so tests can move time. */
	now?: () => number;
}

const redisPrefix = 'shipping-rates:';

/**
 * Quotes of `source` reused for `ttlMs` per parcel and route (decision 024): in memory, and in
 * Redis when configured so that every process shares a quote. Concurrent asks for the same parcel
 * wait for one provider call. Failures are never cached, so a retry asks again.
 */
export function cachedRateSource(source: RateSource, options: RateCacheOptions = {}): RateSource {
	const { redis = null, ttlMs = rateCacheTtlMs, maxEntries = 5000, now = Date.now } = options;
	const memory = new Map<string, { rates: RateOption[]; expiresAt: number }>();
	const inFlight = new Map<string, Promise<RateOption[]>>();

	function remember(key: string, rates: RateOption[], expiresAt: number) {
		memory.delete(key);
		memory.set(key, { rates, expiresAt });
		// A Map iterates in insertion order: the first key is the oldest entry.
		if (memory.size > maxEntries) memory.delete(memory.keys().next().value!);
	}

	async function fromRedis(key: string): Promise<RateOption[] | null> {
		if (!redis) return null;
		try {
			const [stored, ttl] = await Promise.all([
				redis.get(redisPrefix + key),
				redis.pttl(redisPrefix + key),
			]);
			if (stored === null || ttl <= 0) return null;
			const rates = JSON.parse(stored) as RateOption[];
			remember(key, rates, now() + ttl);
			return rates;
		} catch (error) {
			// The cache only saves provider calls; without Redis the quote is asked again.
			console.warn('Rate cache: Redis read failed', error);
			return null;
		}
	}

	async function quoteAndStore(key: string, parcel: Parcel): Promise<RateOption[]> {
		const cached = await fromRedis(key);
		if (cached) return cached;
		const rates = await source.quote(parcel);
		remember(key, rates, now() + ttlMs);
		await redis
			?.set(redisPrefix + key, JSON.stringify(rates), 'PX', ttlMs)
			.catch((error: unknown) => console.warn('Rate cache: Redis write failed', error));
		return rates;
	}

	return {
		quote(parcel) {
			const key = parcelKey(parcel);
			const entry = memory.get(key);
			if (entry && entry.expiresAt > now()) return Promise.resolve(entry.rates);
			const pending = inFlight.get(key);
			if (pending) return pending;
			const asked = quoteAndStore(key, parcel).finally(() => inFlight.delete(key));
			inFlight.set(key, asked);
			return asked;
		},
	};
}
