import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedRateSource } from './rate-cache.server';
import { type Parcel, RateSourceError } from './rate-source';
import type { RateOption } from './shipping';

const rate: RateOption = {
	courierCode: 'jne',
	courierName: 'JNE Regular',
	serviceCode: 'reg',
	serviceName: 'Reguler',
	duration: '2 - 3 days',
	durationRange: { min: 2, max: 3, unit: 'days' },
	price: 9000,
	insuranceFee: null,
};

/** A parcel on a route no other test uses, so a shared Redis never answers from another run. */
const freshParcel = (): Parcel => ({
	originAreaId: randomUUID(),
	destinationAreaId: '31.74.06',
	weightGrams: 1000,
	length: 10,
	width: 10,
	height: 10,
	quantity: 1,
	insuredValue: null,
});

/** A source answering `rate` (its price counting the calls), or failing while `failing` is set. */
function countingSource() {
	const state = { calls: 0, failing: false };
	return {
		state,
		source: {
			async quote() {
				state.calls += 1;
				if (state.failing) throw new RateSourceError('RATES_UNAVAILABLE', 'down');
				return [{ ...rate, price: 9000 + state.calls }];
			},
		},
	};
}

describe('cachedRateSource in memory', () => {
	it('reuses a quote for the same parcel until it expires', async () => {
		let now = 0;
		const { source, state } = countingSource();
		const cached = cachedRateSource(source, { ttlMs: 1000, now: () => now });
		const parcel = freshParcel();
		expect((await cached.quote(parcel))[0]?.price).toBe(9001);
		now = 999;
		expect((await cached.quote(parcel))[0]?.price).toBe(9001);
		now = 1000;
		expect((await cached.quote(parcel))[0]?.price).toBe(9002);
		expect(state.calls).toBe(2);
	});

	it('keys by everything a rate depends on', async () => {
		const { source, state } = countingSource();
		const cached = cachedRateSource(source);
		const parcel = freshParcel();
		await cached.quote(parcel);
		await cached.quote({ ...parcel, quantity: 2 });
		await cached.quote({ ...parcel, insuredValue: 100_000 });
		await cached.quote({ ...parcel, height: 11 });
		expect(state.calls).toBe(4);
	});

	it('asks once for concurrent quotes of one parcel', async () => {
		const { source, state } = countingSource();
		const cached = cachedRateSource(source);
		const parcel = freshParcel();
		await Promise.all(Array.from({ length: 20 }, () => cached.quote(parcel)));
		expect(state.calls).toBe(1);
	});

	it('never keeps a failure', async () => {
		const { source, state } = countingSource();
		const cached = cachedRateSource(source);
		const parcel = freshParcel();
		state.failing = true;
		await expect(cached.quote(parcel)).rejects.toThrow(RateSourceError);
		state.failing = false;
		expect((await cached.quote(parcel))[0]?.price).toBe(9002);
	});

	it('forgets the oldest entries beyond its size', async () => {
		const { source, state } = countingSource();
		const cached = cachedRateSource(source, { maxEntries: 2 });
		const [a, b, c] = [freshParcel(), freshParcel(), freshParcel()];
		for (const parcel of [a, b, c, a]) await cached.quote(parcel);
		expect(state.calls).toBe(4);
	});
});

describe.runIf(process.env['TEST_REDIS_URL'])('cachedRateSource with Redis', () => {
	const redis = new Redis(process.env['TEST_REDIS_URL'] ?? '');
	afterAll(() => redis.disconnect());

	it('shares a quote between processes', async () => {
		const first = countingSource();
		const second = countingSource();
		const parcel = freshParcel();
		await cachedRateSource(first.source, { redis }).quote(parcel);
		const shared = await cachedRateSource(second.source, { redis }).quote(parcel);
		expect(shared[0]?.price).toBe(9001);
		expect(second.state.calls).toBe(0);
	});
});
