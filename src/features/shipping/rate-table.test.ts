import { describe, expect, it } from 'vitest';
import type { Area } from '~/features/areas/areas';
import type { Parcel } from './rate-source';
import { chargedKilograms, distanceClass, simulatedRates } from './rate-table';

const area = (id: string, province = 'DKI Jakarta', city = 'Kota Jakarta Selatan'): Area => ({
	id,
	name: id,
	administrative_division_level_1_name: province,
	administrative_division_level_2_name: city,
	administrative_division_level_3_name: 'Kecamatan',
});

const kebayoranBaru = area('31.74.07');
const pesanggrahan = area('31.74.06');
const menteng = area('31.71.06', 'DKI Jakarta', 'Kota Jakarta Pusat');
const bandung = area('32.73.01', 'Jawa Barat', 'Kota Bandung');
const makassar = area('73.71.01', 'Sulawesi Selatan', 'Kota Makassar');

const parcel: Parcel = {
	originAreaId: kebayoranBaru.id,
	destinationAreaId: pesanggrahan.id,
	weightGrams: 1000,
	length: 10,
	width: 10,
	height: 10,
	quantity: 1,
	insuredValue: null,
};

describe('distanceClass', () => {
	it('reads the distance from the official codes', () => {
		expect(distanceClass(kebayoranBaru, pesanggrahan)).toBe('city');
		expect(distanceClass(kebayoranBaru, menteng)).toBe('province');
		expect(distanceClass(kebayoranBaru, bandung)).toBe('island');
		expect(distanceClass(kebayoranBaru, makassar)).toBe('far');
	});

	it('falls back to the names for other ids', () => {
		expect(distanceClass(area('a'), area('b'))).toBe('city');
		expect(distanceClass(area('a'), area('b', 'DKI Jakarta', 'Kota Jakarta Pusat'))).toBe(
			'province',
		);
		expect(distanceClass(area('a'), area('b', 'Jawa Barat'))).toBe('far');
	});
});

describe('chargedKilograms', () => {
	it('charges whole kilograms of the weight or the volume weight, whichever is more', () => {
		expect(chargedKilograms(parcel)).toBe(1);
		expect(chargedKilograms({ ...parcel, weightGrams: 1001 })).toBe(2);
		// 45 × 45 × 90 cm weighs 30.375 kg by volume.
		expect(chargedKilograms({ ...parcel, length: 45, width: 45, height: 90 })).toBe(31);
		expect(chargedKilograms({ ...parcel, weightGrams: 600, quantity: 3 })).toBe(2);
	});
});

describe('simulatedRates', () => {
	it('offers JNE REG 2–3 days, J&T EZ 1–2 days and SiCepat REG 2–3 days, cheapest first', () => {
		const rates = simulatedRates(kebayoranBaru, pesanggrahan, parcel);
		expect(rates).toEqual([
			expect.objectContaining({ courierCode: 'sicepat', serviceCode: 'reg', price: 8_500 }),
			expect.objectContaining({ courierCode: 'jne', serviceCode: 'reg', price: 9_000 }),
			expect.objectContaining({ courierCode: 'jnt', serviceCode: 'ez', price: 9_500 }),
		]);
		expect(rates.map((rate) => [rate.courierName, rate.durationRange])).toEqual([
			['SiCepat REG', { min: 2, max: 3, unit: 'days' }],
			['JNE Regular', { min: 2, max: 3, unit: 'days' }],
			['J&T Express', { min: 1, max: 2, unit: 'days' }],
		]);
	});

	it('costs more and takes longer the farther and heavier the parcel goes', () => {
		const jne = (destination: Area, weightGrams = 1000) =>
			simulatedRates(kebayoranBaru, destination, { ...parcel, weightGrams }).find(
				(rate) => rate.courierCode === 'jne',
			)!;
		expect([pesanggrahan, menteng, bandung, makassar].map((to) => jne(to).price)).toEqual([
			9_000, 12_000, 18_000, 32_000,
		]);
		expect(jne(makassar).durationRange).toEqual({ min: 5, max: 6, unit: 'days' });
		expect(jne(pesanggrahan, 3000).price).toBe(15_000);
	});

	it('prices insurance only where a courier offers it, and only when asked', () => {
		const insured = simulatedRates(kebayoranBaru, pesanggrahan, {
			...parcel,
			insuredValue: 200_000,
		});
		const fee = (code: string) => insured.find((rate) => rate.courierCode === code)?.insuranceFee;
		expect([fee('jne'), fee('jnt'), fee('sicepat')]).toEqual([5_400, null, 600]);
		const uninsured = simulatedRates(kebayoranBaru, pesanggrahan, parcel);
		expect(uninsured.every((rate) => rate.insuranceFee === null)).toBe(true);
	});

	it('answers the same rates for the same parcel and route', () => {
		expect(simulatedRates(kebayoranBaru, bandung, parcel)).toEqual(
			simulatedRates(kebayoranBaru, bandung, parcel),
		);
	});
});
