/** Courier delivery's money rule, couriers and timings (docs/product-rules.md#courier-delivery). */

/** The service fee is this many percent of the shipping cost (docs/product-rules.md#courier-delivery). */
export const serviceFeePercent = 10;

/**
 * The couriers offered, in the order they are listed, with the names the product shows.
 * Biteship is asked for exactly these codes.
 */
export const couriers = [
	{ code: 'jne', name: 'JNE Regular' },
	{ code: 'jnt', name: 'J&T Express' },
	{ code: 'sicepat', name: 'SiCepat REG' },
] as const;

/** A courier's code as Biteship spells it. */
export type CourierCode = (typeof couriers)[number]['code'];

/** Whether `code` names one of the couriers offered. */
export function isCourierCode(code: string): code is CourierCode {
	return couriers.some((courier) => courier.code === code);
}

/** Rates change rarely within the hour; a quote is reused this long for the same parcel and route. */
export const rateCacheTtlMs = 10 * 60_000;

/** The service fee of a shipping cost in whole rupiah: 10 %, rounded up (Rp 9.001 → Rp 901). */
export function serviceFee(shippingCost: number): number {
	if (!Number.isSafeInteger(shippingCost) || shippingCost < 0) {
		throw new RangeError(`A shipping cost is a whole number of rupiah, not ${shippingCost}`);
	}
	// Integer arithmetic: a fraction of a rupiah never appears, even in between.
	return Math.ceil((shippingCost * serviceFeePercent) / 100);
}

/** What the receiver pays for courier delivery, line by line, in whole rupiah. */
export interface CourierTotal {
	shipping: number;
	fee: number;
	insurance: number;
	total: number;
}

/** The summary of a courier delivery: shipping, its service fee, insurance (0 if none) and the sum. */
export function courierTotal({
	shipping,
	insurance = 0,
}: {
	shipping: number;
	insurance?: number | null;
}): CourierTotal {
	const insured = insurance ?? 0;
	if (!Number.isSafeInteger(insured) || insured < 0) {
		throw new RangeError(`An insurance fee is a whole number of rupiah, not ${insured}`);
	}
	const fee = serviceFee(shipping);
	return { shipping, fee, insurance: insured, total: shipping + fee + insured };
}

/**
 * Given-away items have no price, so a parcel is insured at this declared value per unit
 * (docs/product-rules.md#courier-delivery).
 */
export const insuredValuePerUnit = 100_000;

/** The declared value of `quantity` units, insured when the receiver opts in. */
export function insuredValue(quantity: number): number {
	return insuredValuePerUnit * quantity;
}
