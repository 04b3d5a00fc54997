import { z } from 'zod/mini';
import { itemLimits } from '~/config/limits';
import { requiredText } from '~/lib/text-fields';
import { categories } from './items';

function decimal(field: string, min: number, max: number) {
	return z.coerce.number(`form.errors.${field}Required`).check(
		z.refine((value) => Number.isFinite(value), `form.errors.${field}Required`),
		z.minimum(min, `form.errors.${field}Min`),
		z.maximum(max, `form.errors.${field}Max`),
	);
}

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
});
export type ItemInput = z.input<typeof itemInputSchema>;
export type ValidItem = z.output<typeof itemInputSchema>;
