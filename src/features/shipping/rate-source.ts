/** What a source of courier rates is asked and what it may answer (decision 024). */
import type { RateOption } from './shipping';

/** One parcel on one route: what a rate depends on. Weights in grams, sizes in whole cm. */
export interface Parcel {
	originAreaId: string;
	destinationAreaId: string;
	/** One unit's weight. */
	weightGrams: number;
	length: number;
	width: number;
	height: number;
	quantity: number;
	/** The declared value to insure, in rupiah, or null without insurance. */
	insuredValue: number | null;
}

/** Why no rates came: the codes the API answers with (docs/product-rules.md#courier-delivery). */
export type RateFailure = 'LOCATION_NOT_FOUND' | 'NO_SHIPPING_SERVICES' | 'RATES_UNAVAILABLE';

/** A source could not quote: an unknown place, no courier for the route, or a provider failure. */
export class RateSourceError extends Error {
	override readonly name = 'RateSourceError';

	/** @param reason short description for logs, never containing credentials */
	constructor(
		readonly code: RateFailure,
		readonly reason: string,
		options?: ErrorOptions,
	) {
		super(`Shipping rates: ${reason}`, options);
	}
}

/** Where rates come from: Biteship, or the built-in table in simulated mode. */
export interface RateSource {
	/** The offered couriers' services for `parcel`; throws a RateSourceError when none. */
	quote(parcel: Parcel): Promise<RateOption[]>;
}

/** The cache key of a parcel: every field a rate depends on. */
export function parcelKey(parcel: Parcel): string {
	return [
		parcel.originAreaId,
		parcel.destinationAreaId,
		parcel.weightGrams,
		`${parcel.length}x${parcel.width}x${parcel.height}`,
		parcel.quantity,
		parcel.insuredValue ?? 0,
	]
		.map((part) => encodeURIComponent(String(part)))
		.join('|');
}
