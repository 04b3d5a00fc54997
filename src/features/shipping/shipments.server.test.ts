import { describe, expect, it } from 'vitest';
import order200 from './fixtures/biteship-order-200.json';
import order400 from './fixtures/biteship-order-400.json';
import order500 from './fixtures/biteship-order-500.json';
import tracking404 from './fixtures/biteship-tracking-404.json';
import trackingDelivered from './fixtures/biteship-tracking-delivered.json';
import {
	createBiteshipShipments,
	createSimulatedShipments,
	ShipmentProviderError,
	type ShipmentRequest,
} from './shipments.server';

const apiKey = 'biteship_test.eyJhbGciOiJIUzI1NiJ9.secret-part';

function recordingFetch(body: unknown, status = 200) {
	const requests: { url: string; init: RequestInit | undefined }[] = [];
	const replay = async (input: string | URL | Request, init?: RequestInit) => {
		requests.push({ url: String(input), init });
		return new Response(JSON.stringify(body), {
			status,
			headers: { 'content-type': 'application/json' },
		});
	};
	return { fetch: replay as typeof fetch, requests };
}

const silentFetch = ((_input: string | URL | Request, init?: RequestInit) =>
	new Promise((_resolve, reject) => {
		init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
	})) as typeof fetch;

const shipments = (fetchImpl: typeof fetch) =>
	createBiteshipShipments({ apiKey, fetch: fetchImpl, timeoutMs: 50 });

const shipment: ShipmentRequest = {
	orderId: 'HBH-recorded-order-0001',
	origin: {
		name: 'Budi Santoso',
		phone: '+6281234500000',
		address: 'Jl. Kenanga No. 12, RT 01/RW 02',
		areaId: 'IDNP6IDNC148IDND842IDZ12110',
	},
	destination: {
		name: 'Siti Rahma',
		phone: '+6281234567890',
		address: 'Jl. Sukasari No. 5, RT 02/RW 03',
		areaId: 'IDNP9IDNC22IDND208IDZ40153',
		postalCode: '40153',
	},
	courier: { code: 'jne', service: 'reg' },
	insuredValue: 0,
	item: {
		name: 'Kursi kayu jati',
		quantity: 1,
		weightGrams: 4500,
		length: 45,
		width: 45,
		height: 90,
	},
};

async function refusal(promise: Promise<unknown>): Promise<ShipmentProviderError> {
	const error = await promise.then(
		() => expect.unreachable('expected a ShipmentProviderError'),
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(ShipmentProviderError);
	expect((error as Error).message).not.toContain('secret-part');
	return error as ShipmentProviderError;
}

describe('Biteship orders', () => {
	it("books the pickup at the donor's address and reads the waybill", async () => {
		const { fetch, requests } = recordingFetch(order200);
		const booked = await shipments(fetch).create(shipment, new Date());
		expect(booked).toEqual({
			shipmentId: '5dd599ebdefcd4158eb8470b',
			waybill: '0123082100003094',
			trackingId: '6051861741a37414e6637fab',
		});
		expect(requests[0]!.url).toBe('https://api.biteship.com/v1/orders');
		expect(new Headers(requests[0]!.init!.headers).get('authorization')).toBe(apiKey);
		expect(JSON.parse(String(requests[0]!.init!.body))).toMatchObject({
			reference_id: shipment.orderId,
			origin_address: shipment.origin.address,
			origin_area_id: shipment.origin.areaId,
			destination_area_id: shipment.destination.areaId,
			courier_company: 'jne',
			courier_type: 'reg',
			delivery_type: 'now',
		});
	});

	it.each([
		[400, order400, false],
		[500, order500, true],
	])('turns an HTTP %i into a refusal (retryable: %s)', async (status, body, retryable) => {
		const error = await refusal(
			shipments(recordingFetch(body, status).fetch).create(shipment, new Date()),
		);
		expect(error.retryable).toBe(retryable);
	});

	it('gives up after its time limit', async () => {
		const error = await refusal(shipments(silentFetch).create(shipment, new Date()));
		expect(error.message).toContain('timed out');
	});
});

describe('Biteship tracking', () => {
	const booked = {
		shipmentId: 'x',
		waybill: '0123082100003094',
		trackingId: '6051861741a37414e6637fab',
	};

	it('reads the timeline, one spelling of each status, and the delivery', async () => {
		const { fetch, requests } = recordingFetch(trackingDelivered);
		const progress = await shipments(fetch).track(booked, new Date(), new Date());
		expect(requests[0]!.url).toBe('https://api.biteship.com/v1/trackings/6051861741a37414e6637fab');
		expect(progress.delivered).toBe(true);
		expect(progress.steps.map((step) => step.status)).toEqual([
			'confirmed',
			'picked',
			'droppingOff',
			'delivered',
		]);
		expect(progress.steps[3]!.at).toBe('2026-11-23T06:45:00.000Z');
	});

	it.each([
		[404, tracking404],
		[500, order500],
	])('turns an HTTP %i into a refusal', async (status, body) => {
		await refusal(
			shipments(recordingFetch(body, status).fetch).track(booked, new Date(), new Date()),
		);
	});

	it('gives up after its time limit', async () => {
		await refusal(shipments(silentFetch).track(booked, new Date(), new Date()));
	});
});

describe('The simulated courier', () => {
	it('moves one step each interval and arrives after three', async () => {
		const courier = createSimulatedShipments(60_000);
		const created = new Date('2026-11-20T10:00:00Z');
		const booked = await courier.create(shipment, created);
		expect(booked.waybill).toMatch(/^SIM[0-9A-F]{12}$/);
		const at = (minutes: number) => new Date(created.getTime() + minutes * 60_000);
		expect((await courier.track(booked, created, at(0))).steps).toHaveLength(1);
		expect((await courier.track(booked, created, at(2))).delivered).toBe(false);
		const arrived = await courier.track(booked, created, at(30));
		expect(arrived.delivered).toBe(true);
		expect(arrived.steps.map((step) => step.status)).toEqual([
			'confirmed',
			'picked',
			'droppingOff',
			'delivered',
		]);
	});
});
