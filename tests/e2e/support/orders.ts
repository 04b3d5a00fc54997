/** Courier orders for checks that need one: placed through the API, as the shipping form does. */
import type { APIRequestContext } from '@playwright/test';
import type { Area } from '../../../src/features/areas/areas';
import type { CourierOrder } from '../../../src/features/shipping/orders';
import type { RateQuote } from '../../../src/features/shipping/shipping';
import { expect, siteOrigin } from './accounts';

/**
 * An unpaid courier order of one of the item, to Sukasari (Bandung) at the first rate quoted,
 * placed by the receiver signed in on `request`.
 */
export async function placeCourierOrder(
	request: APIRequestContext,
	itemId: number,
): Promise<CourierOrder> {
	const search = await request.get('/api/shipping/areas/search?q=sukasari');
	const area = ((await search.json()) as { data: { areas: Area[] } }).data.areas[0]!;
	const quoted = await request.get(
		`/api/items/${itemId}/shipping-rates?destination_area_id=${area.id}&quantity=1&insurance=false`,
	);
	const rate = ((await quoted.json()) as { data: RateQuote }).data.rates[0]!;
	const response = await request.post(`/api/items/${itemId}/courier-orders`, {
		headers: { Origin: siteOrigin() },
		data: {
			recipientName: 'Siti Rahma',
			recipientPhone: '81234567890',
			areaId: area.id,
			province: area.administrative_division_level_1_name,
			city: area.administrative_division_level_2_name,
			district: area.administrative_division_level_3_name,
			village: 'Gegerkalong',
			postalCode: '40153',
			address: 'Jl. Sukasari No. 5, RT 02/RW 03',
			courierCode: rate.courierCode,
			serviceCode: rate.serviceCode,
			insurance: false,
			quantity: 1,
			ratePrice: rate.price,
			rateInsuranceFee: rate.insuranceFee,
		},
	});
	expect(response.status(), await response.text()).toBe(201);
	return ((await response.json()) as { data: CourierOrder }).data;
}
