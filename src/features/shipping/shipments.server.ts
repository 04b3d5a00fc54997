import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { fetchWhole, type OutboundAnswer, OutboundFailure } from '~/server/http/outbound';
import type { TrackingStep } from './orders';

/** What the courier is asked to pick up and deliver. */
export interface ShipmentRequest {
	/** Our order id, kept by the courier as its reference. */
	orderId: string;
	origin: { name: string; phone: string; address: string; areaId: string; postalCode?: string };
	destination: {
		name: string;
		phone: string;
		address: string;
		areaId: string;
		postalCode: string;
	};
	courier: { code: string; service: string };
	/** Declared value for insurance, in rupiah; 0 without insurance. */
	insuredValue: number;
	item: {
		name: string;
		quantity: number;
		weightGrams: number;
		length: number;
		width: number;
		height: number;
	};
}

/** A shipment the courier accepted. */
export interface Shipment {
	shipmentId: string;
	waybill: string | null;
	trackingId: string | null;
}

/** Where a shipment is: its timeline so far and whether it arrived. */
export interface ShipmentProgress {
	steps: TrackingStep[];
	delivered: boolean;
}

/** A courier platform: Biteship, or the built-in simulation. */
export interface ShipmentProvider {
	simulated: boolean;
	/** How often a shipment's tracking is asked for, however often it is looked at. */
	trackingRefreshMs: number;
	create(request: ShipmentRequest, now: Date): Promise<Shipment>;
	/** The progress of a shipment created at `createdAt`. */
	track(shipment: Shipment, createdAt: Date, now: Date): Promise<ShipmentProgress>;
}

/** The courier platform refused or could not be reached; `retryable` for 5xx and time-outs. */
export class ShipmentProviderError extends Error {
	constructor(
		message: string,
		readonly retryable: boolean,
		options?: ErrorOptions,
	) {
		super(message, options);
	}
}

/** Biteship writes statuses both ways (`dropping_off`, `droppingOff`); the timeline keeps one. */
export function camelStatus(status: string): string {
	return status.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

const orderAnswerSchema = z.object({
	success: z.literal(true),
	id: z.string().min(1),
	courier: z.object({
		waybill_id: z.string().nullish(),
		tracking_id: z.string().nullish(),
	}),
});

const trackingAnswerSchema = z.object({
	success: z.literal(true),
	status: z.string(),
	history: z.array(
		z.object({ status: z.string(), note: z.string().nullish(), updated_at: z.string() }),
	),
});

const errorAnswerSchema = z.object({ error: z.string().optional() });

/** Options for Biteship's orders and trackings. */
export interface BiteshipShipmentOptions {
	apiKey: string;
	baseUrl?: string;
	fetch?: typeof fetch;
	timeoutMs?: number;
}

/**
 * Biteship: `POST /v1/orders` books the pickup at the donor's address, `GET /v1/trackings/{id}`
 * follows it. Every failure becomes a ShipmentProviderError whose message never has the key.
 */
export function createBiteshipShipments(options: BiteshipShipmentOptions): ShipmentProvider {
	const { apiKey, timeoutMs = 10_000 } = options;
	if (!apiKey.trim()) throw new TypeError('Biteship shipments need an API key');
	const fetchImpl = options.fetch ?? globalThis.fetch;
	const baseUrl = (options.baseUrl ?? 'https://api.biteship.com').replace(/\/+$/, '');

	async function call(path: string, method: 'GET' | 'POST', body?: unknown) {
		let answer: OutboundAnswer;
		try {
			answer = await fetchWhole(
				fetchImpl,
				`${baseUrl}${path}`,
				{
					method,
					headers: {
						authorization: apiKey,
						accept: 'application/json',
						'content-type': 'application/json',
					},
					...(body === undefined ? {} : { body: JSON.stringify(body) }),
				},
				timeoutMs,
			);
		} catch (error) {
			const failure = error instanceof OutboundFailure ? error : null;
			const reason = failure?.timedOut ? `timed out after ${timeoutMs} ms` : 'could not be reached';
			throw new ShipmentProviderError(`Biteship ${reason}`, true, {
				cause: failure?.cause ?? error,
			});
		}
		let json: unknown;
		try {
			json = JSON.parse(answer.text);
		} catch {
			json = undefined;
		}
		if (!answer.ok) {
			const message = errorAnswerSchema.safeParse(json).data?.error;
			const reason = message ? `: ${message.replaceAll(apiKey, '[redacted]').slice(0, 160)}` : '';
			throw new ShipmentProviderError(
				`Biteship answered HTTP ${answer.status}${reason}`,
				answer.status >= 500,
			);
		}
		return json;
	}

	return {
		simulated: false,
		trackingRefreshMs: 30_000,
		async create(request) {
			const json = await call('/v1/orders', 'POST', {
				reference_id: request.orderId,
				origin_contact_name: request.origin.name,
				origin_contact_phone: request.origin.phone,
				origin_address: request.origin.address,
				origin_area_id: request.origin.areaId,
				...(request.origin.postalCode
					? { origin_postal_code: Number(request.origin.postalCode) }
					: {}),
				destination_contact_name: request.destination.name,
				destination_contact_phone: request.destination.phone,
				destination_address: request.destination.address,
				destination_area_id: request.destination.areaId,
				destination_postal_code: Number(request.destination.postalCode),
				courier_company: request.courier.code,
				courier_type: request.courier.service,
				...(request.insuredValue > 0 ? { courier_insurance: request.insuredValue } : {}),
				delivery_type: 'now',
				items: [
					{
						name: request.item.name,
						value: request.insuredValue,
						quantity: request.item.quantity,
						weight: request.item.weightGrams,
						length: request.item.length,
						width: request.item.width,
						height: request.item.height,
					},
				],
			});
			const answer = orderAnswerSchema.safeParse(json);
			if (!answer.success)
				throw new ShipmentProviderError('Biteship order in an unexpected shape', true);
			return {
				shipmentId: answer.data.id,
				waybill: answer.data.courier.waybill_id ?? null,
				trackingId: answer.data.courier.tracking_id ?? null,
			};
		},
		async track(shipment) {
			if (!shipment.trackingId) return { steps: [], delivered: false };
			const json = await call(`/v1/trackings/${encodeURIComponent(shipment.trackingId)}`, 'GET');
			const answer = trackingAnswerSchema.safeParse(json);
			if (!answer.success)
				throw new ShipmentProviderError('Biteship tracking in an unexpected shape', true);
			return {
				steps: answer.data.history.map((step) => ({
					status: camelStatus(step.status),
					note: step.note ?? '',
					at: new Date(step.updated_at).toISOString(),
				})),
				delivered: answer.data.status === 'delivered',
			};
		},
	};
}

/** The simulated parcel's journey, one step every `stepMs` after the shipment is booked. */
export const simulatedJourney = ['confirmed', 'picked', 'droppingOff', 'delivered'] as const;

/**
 * The embedded mode's courier: a waybill of its own, and a journey that moves one step every
 * `stepMs` (`SIMULATED_COURIER_STEP_SECONDS`), followed like a real one by the maintenance loop
 * and whenever the order is looked at.
 */
export function createSimulatedShipments(stepMs: number): ShipmentProvider {
	return {
		simulated: true,
		// The journey moves once a step; asking more often would learn nothing.
		trackingRefreshMs: stepMs,
		async create() {
			const waybill = `SIM${randomBytes(6).toString('hex').toUpperCase()}`;
			return { shipmentId: `sim-${waybill}`, waybill, trackingId: `sim-${waybill}` };
		},
		async track(_shipment, createdAt, now) {
			const passed = Math.floor((now.getTime() - createdAt.getTime()) / stepMs);
			const reached = Math.min(simulatedJourney.length - 1, Math.max(0, passed));
			const steps = simulatedJourney.slice(0, reached + 1).map((status, index) => ({
				status,
				note: '',
				at: new Date(createdAt.getTime() + index * stepMs).toISOString(),
			}));
			return { steps, delivered: steps.at(-1)?.status === 'delivered' };
		},
	};
}
