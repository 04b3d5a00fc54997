import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import errorUnauthorized from '~/features/shipping/fixtures/biteship-rates-error-401.json';
import jakarta from '~/features/shipping/fixtures/biteship-rates-jakarta.json';
import noCourier from '~/features/shipping/fixtures/biteship-rates-no-courier.json';
import { cachedRateSource } from '~/features/shipping/rate-cache.server';
import { createBiteshipRateSource } from '~/features/shipping/rates.biteship.server';
import type { RateOption } from '~/features/shipping/shipping';
import { items, users } from '~/server/db/schema';
import { createItemFor, expectError } from '../helpers/items';
import { describeOnDatabases } from '../helpers/test-server';

type Answer = { data: { mode: string; rates: RateOption[] } };

const inEnglish = { headers: { 'Accept-Language': 'en' } };

describeOnDatabases('Shipping rates, simulated (embedded mode)', (use) => {
	/** An item of 2 (4.5 kg, 45 × 45 × 90 cm) listed by a donor in Kebayoran Baru (31.74.07). */
	async function listedItem() {
		const donor = await use().createUser({ complete: true, name: 'Ani Wijaya' });
		return { donor, item: await createItemFor(use(), donor) };
	}
	const itemRates = (id: number, query: string, init?: RequestInit) =>
		use().request(`/items/${id}/shipping-rates?${query}`, init);

	it('says courier delivery is simulated', async () => {
		const response = await use().request('/shipping/mode');
		expect(await response.json()).toEqual({ data: { mode: 'simulated' } });
	});

	it('quotes the three couriers from the item’s pickup district for its weight and size', async () => {
		const { item } = await listedItem();
		const response = await itemRates(item.id, 'destination_area_id=31.74.06&quantity=1');
		expect(response.status).toBe(200);
		const { data } = (await response.json()) as Answer;
		expect(data.mode).toBe('simulated');
		// 45 × 45 × 90 cm is 31 kg by volume, in the same city: 9.000 + 30 × 3.000 for JNE.
		expect(data.rates).toEqual([
			expect.objectContaining({ courierCode: 'sicepat', price: 89_500, insuranceFee: null }),
			expect.objectContaining({ courierCode: 'jne', price: 99_000, insuranceFee: null }),
			expect.objectContaining({ courierCode: 'jnt', price: 104_000, insuranceFee: null }),
		]);
	});

	it('prices insurance where offered when asked, and more units cost more', async () => {
		const { item } = await listedItem();
		const one = (await (await itemRates(item.id, 'destination_area_id=31.74.06')).json()) as Answer;
		const response = await itemRates(
			item.id,
			'destination_area_id=31.74.06&quantity=2&insurance=true',
		);
		const two = (await response.json()) as Answer;
		const jne = (answer: Answer) => answer.data.rates.find((rate) => rate.courierCode === 'jne')!;
		expect(jne(two).price).toBeGreaterThan(jne(one).price);
		expect(jne(two).insuranceFee).toBe(5_400);
		expect(two.data.rates.find((rate) => rate.courierCode === 'jnt')?.insuranceFee).toBeNull();
	});

	it('answers an unknown destination with LOCATION_NOT_FOUND, in the caller’s language', async () => {
		const { item } = await listedItem();
		const error = await expectError(
			await itemRates(item.id, 'destination_area_id=99.99.99', inEnglish),
			422,
			'LOCATION_NOT_FOUND',
		);
		expect(error.message).toBe('Location not found.');
		const indonesian = await expectError(
			await itemRates(item.id, 'destination_area_id=99.99.99'),
			422,
			'LOCATION_NOT_FOUND',
		);
		expect(indonesian.message).toBe('Lokasi tidak ditemukan.');
	});

	it('quotes from the item’s own pickup district, not its donor’s', async () => {
		const donor = await use().createUser({ complete: true, name: 'Ani Wijaya' });
		// Picked up in Cibeunying Kidul (Kota Bandung) by a donor living in Jakarta.
		const item = await createItemFor(use(), donor, { pickupDistrict: '32.73.14' });
		const response = await itemRates(item.id, 'destination_area_id=32.73.01&quantity=1');
		const { data } = (await response.json()) as Answer;
		// Within Kota Bandung: the same city's tariff as the Jakarta item to Jakarta above.
		expect(data.rates.find((rate) => rate.courierCode === 'jne')?.price).toBe(99_000);
	});

	it('explains that an item placed nowhere, by a donor without an area, cannot be shipped', async () => {
		const { donor, item } = await listedItem();
		await use().server.db.update(users).set({ areaId: null }).where(eq(users.id, donor.id));
		await use()
			.server.db.update(items)
			.set({ pickupDistrictCode: null })
			.where(eq(items.id, item.id));
		const error = await expectError(
			await itemRates(item.id, 'destination_area_id=31.74.06', inEnglish),
			422,
			'LOCATION_NOT_FOUND',
		);
		expect(error.message).toBe(
			'The donor has not set a pickup area yet, so shipping cannot be priced.',
		);
	});

	it('names each wrong field with its translated message key', async () => {
		const { item } = await listedItem();
		await expectError(
			await itemRates(item.id, 'quantity=0&insurance=maybe'),
			400,
			'VALIDATION_ERROR',
			{
				destination_area_id: 'shipping.errors.destinationRequired',
				quantity: 'shipping.errors.quantityInvalid',
				insurance: 'shipping.errors.insuranceInvalid',
			},
		);
		await expectError(
			await itemRates(item.id, 'destination_area_id=%20&quantity=1.5'),
			400,
			'VALIDATION_ERROR',
			{
				destination_area_id: 'shipping.errors.destinationRequired',
				quantity: 'shipping.errors.quantityInvalid',
			},
		);
	});

	it('refuses more units than are left to give', async () => {
		const { item } = await listedItem();
		await expectError(
			await itemRates(item.id, 'destination_area_id=31.74.06&quantity=3'),
			400,
			'VALIDATION_ERROR',
			{
				quantity: 'shipping.errors.quantityTooMany',
			},
		);
	});

	it('answers NOT_FOUND for an item that does not exist', async () => {
		await expectError(await itemRates(999_999, 'destination_area_id=31.74.06'), 404, 'NOT_FOUND');
		await expectError(
			await itemRates(Number.NaN, 'destination_area_id=31.74.06'),
			404,
			'NOT_FOUND',
		);
	});

	it('quotes any parcel between two areas', async () => {
		const response = await use().request(
			'/shipping/rates?origin_area_id=31.74.07&destination_area_id=32.73.01&weight=1000&length=10&width=10&height=10',
		);
		expect(response.status).toBe(200);
		const { data } = (await response.json()) as Answer;
		expect(data.rates.map((rate) => [rate.courierCode, rate.price])).toEqual([
			['sicepat', 16_500],
			['jne', 18_000],
			['jnt', 19_000],
		]);
	});

	it('refuses a parcel without a weight or with a size out of range', async () => {
		const error = await expectError(
			await use().request('/shipping/rates?origin_area_id=31.74.07&length=301', inEnglish),
			400,
			'VALIDATION_ERROR',
			{
				destination_area_id: 'shipping.errors.destinationRequired',
				weight: 'shipping.errors.weightInvalid',
				length: 'shipping.errors.dimensionInvalid',
			},
		);
		expect(error.message).toBe(
			'Some of the data is not right. Please check the highlighted fields.',
		);
	});
});

describeOnDatabases('Shipping rates, live (Biteship recorded responses)', (use) => {
	const apiKey = 'biteship_test.recorded';
	let original: ReturnType<typeof use>['server']['shipping'] | undefined;

	/** Swaps in Biteship answering `body` with `status`; counts the calls. */
	function biteshipAnswering(body: unknown, status = 200) {
		const calls: unknown[] = [];
		const fetch = (async (_url: string, init?: RequestInit) => {
			calls.push(JSON.parse(String(init?.body)));
			return new Response(JSON.stringify(body), { status });
		}) as typeof globalThis.fetch;
		original ??= use().server.shipping;
		use().server.shipping = {
			mode: 'live',
			rates: cachedRateSource(createBiteshipRateSource({ apiKey, fetch })),
		};
		return calls;
	}
	afterEach(() => {
		if (original) use().server.shipping = original;
	});

	const parcelQuery = (destination: string) =>
		`/shipping/rates?origin_area_id=IDNP6IDNC148IDND842IDZ12160&destination_area_id=${destination}&weight=4500`;

	it('answers Biteship’s rates, then the same quote from the cache', async () => {
		const calls = biteshipAnswering(jakarta);
		const first = await use().request(parcelQuery('IDNP6IDNC148IDND841IDZ12250'));
		expect(first.status).toBe(200);
		const { data } = (await first.json()) as Answer;
		expect(data.mode).toBe('live');
		expect(data.rates.map((rate) => `${rate.courierName} ${rate.serviceName}`)).toEqual([
			'J&T Express EZ',
			'SiCepat REG Reguler',
			'JNE Regular Reguler',
			'SiCepat REG Besok Sampai Tujuan',
		]);
		const again = await use().request(parcelQuery('IDNP6IDNC148IDND841IDZ12250'));
		expect(((await again.json()) as Answer).data).toEqual(data);
		expect(calls).toHaveLength(1);
	});

	it('sends an item’s rates from its donor’s Biteship area, which official codes cannot name', async () => {
		const calls = biteshipAnswering(jakarta);
		const donor = await use().createUser({ complete: true });
		const item = await createItemFor(use(), donor, { pickupDistrict: '32.73.14' });
		await use()
			.server.db.update(users)
			.set({ areaId: 'IDNP6IDNC148IDND842IDZ12160' })
			.where(eq(users.id, donor.id));
		const response = await use().request(
			`/items/${item.id}/shipping-rates?destination_area_id=IDNP6IDNC148IDND841IDZ12250`,
		);
		expect(response.status).toBe(200);
		expect(calls).toEqual([
			expect.objectContaining({
				origin_area_id: 'IDNP6IDNC148IDND842IDZ12160',
				destination_area_id: 'IDNP6IDNC148IDND841IDZ12250',
			}),
		]);
	});

	it('answers NO_SHIPPING_SERVICES when Biteship has no courier for the route', async () => {
		biteshipAnswering(noCourier, 400);
		const error = await expectError(
			await use().request(parcelQuery('IDNP26IDNC1IDND1IDZ99999'), inEnglish),
			422,
			'NO_SHIPPING_SERVICES',
		);
		expect(error.message).toBe('No shipping services available for this route.');
	});

	it.each([
		['a refused key', errorUnauthorized, 401],
		['a server error', { success: false, error: 'Internal error' }, 500],
	])('answers RATES_UNAVAILABLE for %s, and asks again next time', async (_, body, status) => {
		const calls = biteshipAnswering(body, status);
		for (let attempt = 0; attempt < 2; attempt++) {
			const error = await expectError(
				await use().request(parcelQuery('IDNP6IDNC148IDND841IDZ12251'), inEnglish),
				503,
				'RATES_UNAVAILABLE',
			);
			expect(error.message).toBe('Failed to load shipping rates. Please try again.');
		}
		expect(calls).toHaveLength(2);
	});
});

describeOnDatabases(
	'Shipping rates, off (a database without the providers’ keys)',
	(use) => {
		it('says courier delivery is off and quotes nothing', async () => {
			expect(await (await use().request('/shipping/mode')).json()).toEqual({
				data: { mode: 'off' },
			});
			const error = await expectError(
				await use().request(
					'/shipping/rates?origin_area_id=31.74.07&destination_area_id=31.74.06&weight=1000',
					inEnglish,
				),
				503,
				'SHIPPING_UNAVAILABLE',
			);
			expect(error.message).toBe('Shipping is not available yet.');
		});
	},
	{ env: { DATABASE_URL: 'postgres://configured.example/hibahin' } },
);
