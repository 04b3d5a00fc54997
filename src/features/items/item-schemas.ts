import { z } from 'zod/mini';
import { choosingLimits, itemLimits } from '~/config/limits';
import { requiredText } from '~/lib/text-fields';
import { categories, itemConditions } from './items';

/** A district code of the official list, dots included ("32.73.14"). */
const districtCodePattern = /^\d{2}\.\d{2}\.\d{2}$/;

/** Whether a number has more than one decimal, which the inputs' step of 0.1 does not allow. */
export function hasExtraDecimals(value: number): boolean {
	return Math.abs(value * 10 - Math.round(value * 10)) > 1e-9;
}

/** A measure of at most one decimal between `min` and `max`. */
function decimal(field: string, min: number, max: number, minMessage = `form.errors.${field}Min`) {
	return z.coerce.number(`form.errors.${field}Required`).check(
		z.refine((value) => Number.isFinite(value), `form.errors.${field}Required`),
		z.minimum(min, minMessage),
		z.maximum(max, `form.errors.${field}Max`),
		z.refine((value) => !hasExtraDecimals(value), 'itemForm.errors.oneDecimal'),
	);
}

/** The item's condition: missing and unknown values have their own messages. */
const condition = z.enum(itemConditions, {
	error: (issue) =>
		issue.input === undefined
			? 'itemForm.errors.conditionRequired'
			: 'itemForm.errors.conditionInvalid',
});

/** The item form's fields (photos are checked separately), shared by the form and the API. */
export const itemInputSchema = z.object({
	name: requiredText('itemName', itemLimits.nameMin, itemLimits.nameMax),
	description: requiredText('description', itemLimits.descriptionMin, itemLimits.descriptionMax),
	weight: decimal('weight', itemLimits.weightMin, itemLimits.weightMax),
	length: decimal('length', itemLimits.dimensionMin, itemLimits.dimensionMax),
	width: decimal('width', itemLimits.dimensionMin, itemLimits.dimensionMax),
	height: decimal('height', itemLimits.dimensionMin, itemLimits.dimensionMax),
	quantity: z.coerce
		.number('form.errors.quantityRequired')
		.check(
			z.int('form.errors.quantityInteger'),
			z.minimum(itemLimits.quantityMin, 'form.errors.quantityMin'),
			z.maximum(itemLimits.quantityMax, 'form.errors.quantityMax'),
		),
	category: z._default(z.enum(categories, 'form.errors.categoryInvalid'), 'other'),
	condition,
	/**
	 * How the donor chooses: 0 (or left out when listing) for "first come", else the hours
	 * requests gather before they choose. Left out when editing, the saved choice stays.
	 */
	chooseAfterHours: z.optional(
		z.coerce
			.number('itemForm.errors.chooseAfterInvalid')
			.check(
				z.refine(
					(value) =>
						value === 0 ||
						(Number.isInteger(value) &&
							value >= choosingLimits.waitHoursMin &&
							value <= choosingLimits.waitHoursMax),
					'itemForm.errors.chooseAfterInvalid',
				),
			),
	),
	/** The pickup district's code; left out, the donor's profile district (or, editing, the saved one). */
	pickupDistrict: z.optional(
		z
			.string('itemForm.errors.pickupDistrictInvalid')
			.check(z.regex(districtCodePattern, 'itemForm.errors.pickupDistrictInvalid')),
	),
});
export type ItemInput = z.input<typeof itemInputSchema>;
/** Checked fields of either form; only editing may leave the condition out. */
export type ValidItem = z.output<typeof itemEditSchema>;

/**
 * Editing may go down to 0.1 cm for length, width and height (1 cm on add), so items listed
 * with a smaller size elsewhere can still be saved.
 */
export const editDimensionMin = 0.1;

const editDimension = (field: string) =>
	decimal(field, editDimensionMin, itemLimits.dimensionMax, 'itemForm.errors.dimensionMinEdit');

/**
 * The edit form's fields and `PUT /items/{id}`'s. The condition may stay unsaid, for items listed
 * before it was asked: left out, the saved one stays.
 */
export const itemEditSchema = z.extend(itemInputSchema, {
	condition: z.optional(condition),
	length: editDimension('length'),
	width: editDimension('width'),
	height: editDimension('height'),
});

/** The schema of adding (`create`) or editing an item. */
export const itemSchemaOf = (mode: 'create' | 'edit') =>
	mode === 'edit' ? itemEditSchema : itemInputSchema;
