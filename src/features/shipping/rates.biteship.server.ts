import { z } from 'zod';
import { couriers, isCourierCode } from '~/config/shipping';
import { fetchWhole, type OutboundAnswer, OutboundFailure } from '~/server/http/outbound';
import { type Parcel, type RateFailure, type RateSource, RateSourceError } from './rate-source';
import type { DurationRange, RateOption } from './shipping';

/** Options for the Biteship rate source. */
export interface BiteshipRateSourceOptions {
	/** Sent as is in `authorization` (Biteship takes the raw key, no "Bearer"). */
	apiKey: string;
	/** Defaults to https://api.biteship.com; tests and staging proxies point elsewhere. */
	baseUrl?: string;
	/** Defaults to the global fetch; injected in tests so nothing touches the network. */
	fetch?: typeof fetch;
	/** Whole-request budget, body included. Defaults to 8 s: rates ask every courier in turn. */
	timeoutMs?: number;
}

const defaultBaseUrl = 'https://api.biteship.com';
const defaultTimeoutMs = 8000;
/** Provider messages go into logs; a long one is cut rather than trusted. */
const maxReasonLength = 160;
/** Biteship's code for "no courier serves this route" (its rates API's error codes). */
const noCourierCode = 40001010;
/** Biteship's code for a postal code it does not know. */
const invalidPostalCode = 40001001;

const money = z.number().int().nonnegative();

/** One pricing row; only the fields the product uses are read. */
const pricingSchema = z.object({
	courier_code: z.string(),
	courier_service_code: z.string().min(1),
	courier_service_name: z.string().min(1),
	duration: z.string().default(''),
	shipment_duration_range: z.union([z.string(), z.number()]),
	shipment_duration_unit: z.string(),
	shipping_fee: money,
	shipping_fee_discount: money.default(0),
	shipping_fee_surcharge: money.default(0),
	available_for_insurance: z.boolean().default(false),
	insurance_fee: money.default(0),
});

const successSchema = z.object({ success: z.literal(true), pricing: z.array(z.unknown()) });

/** The error envelope; `code` is not always there. */
const errorSchema = z.object({
	success: z.literal(false).optional(),
	error: z.string().optional(),
	code: z.number().optional(),
});

type Pricing = z.infer<typeof pricingSchema>;

/** "2 - 3" or "1" with "days" or "hours"; null for anything else. */
function durationRange(pricing: Pricing): DurationRange | null {
	const unit = pricing.shipment_duration_unit.trim().toLowerCase();
	if (unit !== 'days' && unit !== 'hours') return null;
	const bounds = String(pricing.shipment_duration_range)
		.split('-')
		.map((part) => Number(part.trim()));
	if (bounds.length > 2 || bounds.some((n) => !Number.isInteger(n) || n < 0)) return null;
	const [min = 0, max = min] = bounds;
	return min <= max ? { min, max, unit } : null;
}

function toRateOption(pricing: Pricing, insured: boolean): RateOption | null {
	const courier = couriers.find((c) => c.code === pricing.courier_code);
	const range = durationRange(pricing);
	// The shipping cost alone: `price` would also count insurance and cash-on-delivery fees.
	const price =
		pricing.shipping_fee - pricing.shipping_fee_discount + pricing.shipping_fee_surcharge;
	if (!courier || !range || price <= 0) return null;
	return {
		courierCode: courier.code,
		courierName: courier.name,
		serviceCode: pricing.courier_service_code,
		serviceName: pricing.courier_service_name,
		duration: pricing.duration,
		durationRange: range,
		price,
		insuranceFee: insured && pricing.available_for_insurance ? pricing.insurance_fee : null,
	};
}

/** Which failure a refusal is: no courier for the route, an unknown place, or anything else. */
function refusalCode(status: number, code: number | undefined, message: string): RateFailure {
	if (code === noCourierCode) return 'NO_SHIPPING_SERVICES';
	const unknownPlace = /area|location|postal|not found/i.test(message);
	if (code === invalidPostalCode || (status >= 400 && status < 500 && unknownPlace)) {
		// A refused key is a provider problem, whatever its message says.
		return status === 401 || status === 403 ? 'RATES_UNAVAILABLE' : 'LOCATION_NOT_FOUND';
	}
	return 'RATES_UNAVAILABLE';
}

/**
 * The live rate source: Biteship's `POST /v1/rates/couriers`, asked for the offered couriers
 * only. A timeout, 5xx, refused key or unreadable body is RATES_UNAVAILABLE; code 40001010 is
 * NO_SHIPPING_SERVICES; an unknown area LOCATION_NOT_FOUND. Reasons never contain the key.
 */
export function createBiteshipRateSource(options: BiteshipRateSourceOptions): RateSource {
	const { apiKey, timeoutMs = defaultTimeoutMs } = options;
	if (!apiKey.trim()) throw new TypeError('Biteship rate source needs an API key');
	const fetchImpl = options.fetch ?? globalThis.fetch;
	const baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '');

	function redact(text: string): string {
		const clean = text.replaceAll(apiKey, '[redacted]').replace(/\s+/g, ' ').trim();
		return clean.length > maxReasonLength ? `${clean.slice(0, maxReasonLength)}…` : clean;
	}

	function requestBody(parcel: Parcel): string {
		const insured = parcel.insuredValue !== null;
		return JSON.stringify({
			origin_area_id: parcel.originAreaId,
			destination_area_id: parcel.destinationAreaId,
			couriers: couriers.map((courier) => courier.code).join(','),
			...(insured ? { courier_insurance: parcel.insuredValue } : {}),
			items: [
				{
					name: 'Barang hibah',
					value: insured ? Math.round(parcel.insuredValue! / parcel.quantity) : 0,
					quantity: parcel.quantity,
					weight: parcel.weightGrams,
					length: parcel.length,
					width: parcel.width,
					height: parcel.height,
				},
			],
		});
	}

	return {
		async quote(parcel) {
			let answer: OutboundAnswer;
			try {
				answer = await fetchWhole(
					fetchImpl,
					`${baseUrl}/v1/rates/couriers`,
					{
						method: 'POST',
						headers: {
							authorization: apiKey,
							accept: 'application/json',
							'content-type': 'application/json',
						},
						body: requestBody(parcel),
					},
					timeoutMs,
				);
			} catch (error) {
				const failure = error instanceof OutboundFailure ? error : null;
				const reason = failure?.timedOut
					? `Biteship timed out after ${timeoutMs} ms`
					: 'Biteship could not be reached';
				throw new RateSourceError('RATES_UNAVAILABLE', reason, { cause: failure?.cause ?? error });
			}

			let body: unknown;
			try {
				body = JSON.parse(answer.text);
			} catch {
				body = undefined;
			}
			const refusal = errorSchema.safeParse(body).data;
			const message = refusal?.error ?? '';
			if (!answer.ok || refusal?.success === false) {
				throw new RateSourceError(
					refusalCode(answer.status, refusal?.code, message),
					`Biteship answered HTTP ${answer.status}${message ? `: ${redact(message)}` : ''}`,
				);
			}
			const envelope = successSchema.safeParse(body);
			if (!envelope.success) {
				throw new RateSourceError('RATES_UNAVAILABLE', 'Biteship answered in an unexpected shape');
			}

			const insured = parcel.insuredValue !== null;
			const offered = envelope.data.pricing.filter(
				(row) =>
					typeof row === 'object' &&
					row !== null &&
					isCourierCode(String((row as { courier_code?: unknown }).courier_code)),
			);
			const rates = offered.flatMap((raw) => {
				const parsed = pricingSchema.safeParse(raw);
				const rate = parsed.success ? toRateOption(parsed.data, insured) : null;
				return rate ? [rate] : [];
			});
			// Every offered row unreadable means the format changed, not that no courier serves it.
			if (rates.length === 0 && offered.length > 0) {
				throw new RateSourceError(
					'RATES_UNAVAILABLE',
					'Biteship answered rates in an unexpected shape',
				);
			}
			if (rates.length === 0) {
				throw new RateSourceError('NO_SHIPPING_SERVICES', 'Biteship offered none of our couriers');
			}
			// Equal prices keep the couriers' own order, whatever order Biteship answered in.
			const order = (rate: RateOption) => couriers.findIndex((c) => c.code === rate.courierCode);
			return rates.sort((a, b) => a.price - b.price || order(a) - order(b));
		},
	};
}
