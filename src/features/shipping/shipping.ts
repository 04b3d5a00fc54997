/**
 * Courier delivery as the browser and the server both see it: the shipping form's rules, a
 * rate option and the courier modes. Browser-safe: zod/mini, no Node imports.
 */
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';
import { itemLimits } from '~/config/limits';
import { normalizePhone, phonePattern } from '~/lib/phone';
import { requiredText, storableText } from '~/lib/text-fields';
import type { durationRangeSchema, quoteSchema, rateOptionSchema } from './shipping.routes';

/**
 * How courier delivery works on this site: `live` with Biteship and Midtrans, `simulated` with the
 * built-in rate table and payment page (embedded mode), `off` where it shows "Coming Soon".
 */
export const courierModes = ['live', 'simulated', 'off'] as const;
export type CourierMode = (typeof courierModes)[number];

/** Whether the pickup panel offers courier delivery in `mode`. */
export function courierAvailable(mode: CourierMode): boolean {
	return mode !== 'off';
}

/** The shipping form's limits (docs/product-rules.md#courier-delivery). */
export const shippingLimits = {
	recipientNameMin: 3,
	recipientNameMax: 100,
	placeNameMin: 3,
	placeNameMax: 50,
	addressMin: 10,
	addressMax: 200,
} as const;

/** Indonesian postal codes are five digits. */
export const postalCodePattern = /^\d{5}$/;

/** A short text that must be there: a province, city, district or village name. */
const placeName = (field: string) =>
	requiredText(field, shippingLimits.placeNameMin, shippingLimits.placeNameMax, 'shipping');

/** A required choice (an id or code), with one message whether missing, blank or not text. */
const requiredChoice = (message: string) =>
	z.string(message).check(z.trim(), storableText, z.minLength(1, message));

/**
 * The shipping form, checked the same way in the browser and by the courier-order route.
 * Province, city and district come from the chosen area; the village and the postal code are
 * typed when the area directory does not know them. Every message is a `shipping.errors.*` key.
 */
export const shippingFormSchema = z.object({
	recipientName: requiredText(
		'recipientName',
		shippingLimits.recipientNameMin,
		shippingLimits.recipientNameMax,
		'shipping',
	),
	recipientPhone: z.pipe(
		z
			.string('shipping.errors.recipientPhoneRequired')
			.check(z.trim(), z.minLength(1, 'shipping.errors.recipientPhoneRequired')),
		z.pipe(
			z.transform((value: string) => normalizePhone(value)),
			z.string().check(z.regex(phonePattern, 'shipping.errors.recipientPhoneInvalid')),
		),
	),
	areaId: requiredChoice('shipping.errors.areaRequired'),
	province: placeName('province'),
	city: placeName('city'),
	district: placeName('district'),
	village: placeName('village'),
	postalCode: z
		.string('shipping.errors.postalCodeRequired')
		.check(
			z.trim(),
			z.minLength(1, 'shipping.errors.postalCodeRequired'),
			z.regex(postalCodePattern, 'shipping.errors.postalCodeInvalid'),
		),
	address: requiredText(
		'address',
		shippingLimits.addressMin,
		shippingLimits.addressMax,
		'shipping',
	),
	courierCode: requiredChoice('shipping.errors.courierRequired'),
	serviceCode: requiredChoice('shipping.errors.courierRequired'),
	insurance: z.boolean('shipping.errors.insuranceInvalid'),
	quantity: z
		.number('shipping.errors.quantityInvalid')
		.check(
			z.int('shipping.errors.quantityInvalid'),
			z.minimum(itemLimits.quantityMin, 'shipping.errors.quantityInvalid'),
			z.maximum(itemLimits.quantityMax, 'shipping.errors.quantityInvalid'),
		),
});

/** The shipping form as typed. */
export type ShippingFormInput = z.input<typeof shippingFormSchema>;
/** The shipping form once checked: trimmed texts, the phone as `+62…`. */
export type ShippingDetails = z.output<typeof shippingFormSchema>;

/** The form's fields in the order they are shown, for focusing the first one in error. */
export const shippingFields = [
	'recipientName',
	'recipientPhone',
	'areaId',
	'province',
	'city',
	'district',
	'village',
	'postalCode',
	'address',
	'courierCode',
] as const;

/** How long a courier expects to take, as numbers (Biteship's "2 - 3" days). */
export type DurationRange = z.output<typeof durationRangeSchema>;

/**
 * The estimate as an order keeps it, `3 - 4 days` or `6 hours`: the same words for every courier,
 * so `parseDuration` reads it back as numbers.
 */
export function durationWords({ min, max, unit }: DurationRange): string {
	return min === max ? `${min} ${unit}` : `${min} - ${max} ${unit}`;
}

/** `3 - 4 days` → `{ min: 3, max: 4, unit: 'days' }`; other wording → null. */
export function parseDuration(words: string): DurationRange | null {
	const match = /^(\d+)(?: - (\d+))? (hours|days)$/.exec(words.trim());
	if (!match) return null;
	const min = Number(match[1]);
	const max = match[2] === undefined ? min : Number(match[2]);
	return { min, max, unit: match[3] as DurationRange['unit'] };
}

/**
 * A courier's estimate in the reader's words, the same wherever it shows: "Estimasi 3–4 hari" /
 * "Estimated 3–4 days". Needs the `common` namespace.
 */
export function durationText({ min, max, unit }: DurationRange, t: TFunction): string {
	return min === max
		? t(`common.courierEstimate.single_${unit}`, { count: min })
		: t(`common.courierEstimate.range_${unit}`, { min, max });
}

/** One courier service the receiver can choose, with its price in whole rupiah. */
export type RateOption = z.output<typeof rateOptionSchema>;

/** The rates of one parcel and route, as the rate routes answer them. */
export type RateQuote = z.output<typeof quoteSchema>;

/** Whether two rate options are the same courier service. */
export function sameService(
	a: Pick<RateOption, 'courierCode' | 'serviceCode'>,
	b: Pick<RateOption, 'courierCode' | 'serviceCode'>,
): boolean {
	return a.courierCode === b.courierCode && a.serviceCode === b.serviceCode;
}
