import { describe, expect, it } from 'vitest';
import { readServerConfig } from '~/server/config';
import { courierMode, parcelOf, pickupAreaOf, type ShippableItem } from './rates.server';

const keys = {
	BITESHIP_API_KEY: 'biteship_test.key',
	MIDTRANS_SERVER_KEY: 'SB-Mid-server-key',
	MIDTRANS_CLIENT_KEY: 'SB-Mid-client-key',
};
const mode = (env: Record<string, string>) => courierMode(readServerConfig(env, () => []));

describe('courierMode', () => {
	it('is live with Biteship and both Midtrans keys, with or without a database', () => {
		expect(mode(keys)).toBe('live');
		expect(mode({ ...keys, DATABASE_URL: 'postgres://db/hibahin' })).toBe('live');
	});

	it('is simulated in the fully embedded mode', () => {
		expect(mode({})).toBe('simulated');
		expect(mode({ BITESHIP_API_KEY: '' })).toBe('simulated');
	});

	it('is off with a database and no keys, or with only some of the keys', () => {
		expect(mode({ DATABASE_URL: 'postgres://db/hibahin' })).toBe('off');
		expect(mode({ BITESHIP_API_KEY: keys.BITESHIP_API_KEY })).toBe('off');
		expect(mode({ ...keys, MIDTRANS_CLIENT_KEY: '' })).toBe('off');
	});

	it('refuses a Midtrans environment it does not know', () => {
		expect(() => readServerConfig({ MIDTRANS_ENV: 'staging' }, () => [])).toThrow(/MIDTRANS_ENV/);
		expect(readServerConfig({ MIDTRANS_ENV: 'production' }, () => []).courier.midtransEnv).toBe(
			'production',
		);
	});
});

describe('parcelOf', () => {
	const item: ShippableItem = {
		weight: 4.5,
		length: 45.2,
		width: 30,
		height: 0.4,
		quantity: 3,
		reservedQuantity: 0,
		status: 'AVAILABLE',
		pickupDistrictCode: '32.73.14',
		donorAreaId: '31.74.07',
	};

	it('leaves from the item’s pickup district, in grams and whole centimetres', () => {
		expect(pickupAreaOf(item, 'simulated')).toBe('32.73.14');
		expect(parcelOf(item, 'simulated', '31.74.06', 2, false)).toEqual({
			originAreaId: '32.73.14',
			destinationAreaId: '31.74.06',
			weightGrams: 4500,
			length: 46,
			width: 30,
			height: 1,
			quantity: 2,
			insuredValue: null,
		});
	});

	it('leaves from the donor’s area when the item has no pickup district yet', () => {
		expect(pickupAreaOf({ ...item, pickupDistrictCode: null }, 'simulated')).toBe('31.74.07');
	});

	it('leaves from the donor’s Biteship area with live rates, whose ids are not official codes', () => {
		const live = { ...item, donorAreaId: 'IDNP6IDNC148IDND842IDZ12160' };
		expect(parcelOf(live, 'live', '31.74.06', 1, false).originAreaId).toBe(
			'IDNP6IDNC148IDND842IDZ12160',
		);
	});

	it('insures the declared value of every unit when asked', () => {
		expect(parcelOf(item, 'simulated', '31.74.06', 2, true).insuredValue).toBe(200_000);
	});

	it('cannot leave from nowhere', () => {
		expect(() =>
			parcelOf(
				{ ...item, pickupDistrictCode: null, donorAreaId: null },
				'simulated',
				'31.74.06',
				1,
				false,
			),
		).toThrow('LOCATION_NOT_FOUND');
		expect(() => parcelOf({ ...item, donorAreaId: null }, 'live', '31.74.06', 1, false)).toThrow(
			'LOCATION_NOT_FOUND',
		);
	});
});
