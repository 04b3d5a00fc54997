import { describe, expect, it } from 'vitest';
import errorUnauthorized from './fixtures/biteship-rates-error-401.json';
import invalidArea from './fixtures/biteship-rates-invalid-area.json';
import jakarta from './fixtures/biteship-rates-jakarta.json';
import noCourier from './fixtures/biteship-rates-no-courier.json';
import wrongShape from './fixtures/biteship-rates-wrong-shape.json';
import { type Parcel, RateSourceError } from './rate-source';
import { createBiteshipRateSource } from './rates.biteship.server';

const apiKey = 'biteship_test.eyJhbGciOiJIUzI1NiJ9.secret-part';

const parcel: Parcel = {
	originAreaId: 'IDNP6IDNC148IDND842IDZ12160',
	destinationAreaId: 'IDNP6IDNC148IDND841IDZ12250',
	weightGrams: 4500,
	length: 45,
	width: 45,
	height: 90,
	quantity: 2,
	insuredValue: null,
};

/** A fetch that records each request and answers one recorded response. */
function recordingFetch(body: unknown, status = 200) {
	const requests: { url: string; headers: Headers; body: unknown }[] = [];
	const replayFetch = async (input: string | URL | Request, init?: RequestInit) => {
		requests.push({
			url: String(input),
			headers: new Headers(init?.headers),
			body: JSON.parse(String(init?.body)),
		});
		const text = typeof body === 'string' ? body : JSON.stringify(body);
		return new Response(text, { status, headers: { 'content-type': 'application/json' } });
	};
	return { fetch: replayFetch as typeof fetch, requests };
}

const source = (fetchImpl: typeof fetch, timeoutMs?: number) =>
	createBiteshipRateSource({
		apiKey,
		fetch: fetchImpl,
		...(timeoutMs === undefined ? {} : { timeoutMs }),
	});

/** Awaits the rejection and checks its code, without the key anywhere in it. */
async function expectFailure(promise: Promise<unknown>, code: RateSourceError['code']) {
	const error = await promise.then(
		() => expect.unreachable('expected a RateSourceError'),
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(RateSourceError);
	const failure = error as RateSourceError;
	expect(failure.code).toBe(code);
	expect(failure.message).not.toContain('secret-part');
	return failure;
}

describe('createBiteshipRateSource', () => {
	it('maps the offered couriers’ services, cheapest first (ties in the couriers’ order), with the product’s names', async () => {
		const { fetch } = recordingFetch(jakarta);
		const rates = await source(fetch).quote(parcel);
		expect(rates.map((rate) => `${rate.courierCode}:${rate.serviceCode}`)).toEqual([
			'jnt:ez',
			'sicepat:reg',
			'jne:reg',
			'sicepat:best',
		]);
		expect(rates[1]).toEqual({
			courierCode: 'sicepat',
			courierName: 'SiCepat REG',
			serviceCode: 'reg',
			serviceName: 'Reguler',
			duration: '1 - 2 days',
			durationRange: { min: 1, max: 2, unit: 'days' },
			price: 9000,
			insuranceFee: null,
		});
		expect(rates[3]?.durationRange).toEqual({ min: 1, max: 1, unit: 'days' });
	});

	it('counts the shipping fee alone, without cash-on-delivery or insurance fees', async () => {
		const { fetch } = recordingFetch(jakarta);
		const jne = (await source(fetch).quote(parcel)).find((rate) => rate.courierCode === 'jne');
		expect(jne?.price).toBe(10000);
	});

	it('asks for insurance in courier_insurance and reads each offering service’s fee', async () => {
		const { fetch, requests } = recordingFetch(jakarta);
		const rates = await source(fetch).quote({ ...parcel, insuredValue: 200_000 });
		expect(requests[0]?.body).toMatchObject({ courier_insurance: 200_000 });
		expect(rates.find((rate) => rate.courierCode === 'jne')?.insuranceFee).toBe(5200);
		expect(rates.find((rate) => rate.courierCode === 'jnt')?.insuranceFee).toBeNull();
	});

	it('sends the raw key and the documented body: couriers as one string, grams, whole cm', async () => {
		const { fetch, requests } = recordingFetch(jakarta);
		await source(fetch).quote(parcel);
		expect(requests).toHaveLength(1);
		expect(requests[0]?.url).toBe('https://api.biteship.com/v1/rates/couriers');
		expect(requests[0]?.headers.get('authorization')).toBe(apiKey);
		expect(requests[0]?.body).toEqual({
			origin_area_id: parcel.originAreaId,
			destination_area_id: parcel.destinationAreaId,
			couriers: 'jne,jnt,sicepat',
			items: [
				{
					name: 'Barang hibah',
					value: 0,
					quantity: 2,
					weight: 4500,
					length: 45,
					width: 45,
					height: 90,
				},
			],
		});
	});

	it('answers NO_SHIPPING_SERVICES for code 40001010', async () => {
		const { fetch } = recordingFetch(noCourier, 400);
		await expectFailure(source(fetch).quote(parcel), 'NO_SHIPPING_SERVICES');
	});

	it('answers NO_SHIPPING_SERVICES when none of the offered couriers serve the route', async () => {
		const { fetch } = recordingFetch({ ...jakarta, pricing: [jakarta.pricing[4]] });
		await expectFailure(source(fetch).quote(parcel), 'NO_SHIPPING_SERVICES');
	});

	it('answers LOCATION_NOT_FOUND for an area Biteship does not know', async () => {
		const { fetch } = recordingFetch(invalidArea, 400);
		await expectFailure(source(fetch).quote(parcel), 'LOCATION_NOT_FOUND');
	});

	it('answers RATES_UNAVAILABLE for a refused key, with Biteship’s reason', async () => {
		const { fetch } = recordingFetch(errorUnauthorized, 401);
		const failure = await expectFailure(source(fetch).quote(parcel), 'RATES_UNAVAILABLE');
		expect(failure.reason).toContain('HTTP 401: Authentication failed');
	});

	it('answers RATES_UNAVAILABLE for a 5xx, with or without a JSON body', async () => {
		for (const body of ['<html>Bad gateway</html>', { success: false, error: 'Oops' }]) {
			const { fetch } = recordingFetch(body, 502);
			await expectFailure(source(fetch).quote(parcel), 'RATES_UNAVAILABLE');
		}
	});

	it('answers RATES_UNAVAILABLE for a malformed body or rows of the wrong shape', async () => {
		for (const body of ['not json', { success: true }, wrongShape]) {
			const { fetch } = recordingFetch(body);
			await expectFailure(source(fetch).quote(parcel), 'RATES_UNAVAILABLE');
		}
	});

	it('times out on a fetch that never answers', async () => {
		const never = (() => new Promise<Response>(() => {})) as typeof fetch;
		const failure = await expectFailure(source(never, 20).quote(parcel), 'RATES_UNAVAILABLE');
		expect(failure.reason).toContain('timed out');
	});

	it('reports a network failure', async () => {
		const down = (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;
		const failure = await expectFailure(source(down).quote(parcel), 'RATES_UNAVAILABLE');
		expect(failure.reason).toBe('Biteship could not be reached');
	});

	it('never repeats the key, even when the provider echoes it', async () => {
		const { fetch } = recordingFetch({ success: false, error: `bad key ${apiKey}` }, 401);
		const failure = await expectFailure(source(fetch).quote(parcel), 'RATES_UNAVAILABLE');
		expect(failure.reason).toContain('[redacted]');
	});

	it('refuses to start without a key', () => {
		expect(() => createBiteshipRateSource({ apiKey: ' ' })).toThrow(TypeError);
	});
});
