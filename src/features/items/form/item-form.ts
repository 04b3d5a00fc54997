/**
 * The rules of the add and edit item forms, apart from React so they can be tested without a
 * browser: the values as typed, validation with the shared schema, change detection and the
 * photo counts of docs/product-rules.md#item-limits.
 */
import { imageMimeTypes, itemLimits } from '~/config/limits';
import { editDimensionMin, itemSchemaOf, type ValidItem } from '../item-schemas';
import type { Category, Item, ItemCondition } from '../items';

export type ItemFormMode = 'add' | 'edit';

/** What the form holds while the owner types: numbers stay text until they are checked. */
export interface ItemFormValues {
	name: string;
	description: string;
	category: Category;
	/** Empty until one is picked; editing an item listed without one may leave it so. */
	condition: ItemCondition | '';
	weight: string;
	length: string;
	width: string;
	height: string;
	quantity: string;
	/** The pickup district's code, empty while none is chosen. */
	pickupDistrict: string;
	/** How the donor chooses: `0` for first come, else the hours requests gather. */
	chooseAfterHours: string;
}

/** The part of an item the edit form needs. */
export type EditableItem = Pick<
	Item,
	| 'id'
	| 'name'
	| 'description'
	| 'category'
	| 'condition'
	| 'weight'
	| 'length'
	| 'width'
	| 'height'
	| 'quantity'
	| 'images'
	| 'photos'
	| 'pickup'
	| 'chooseAfterHours'
>;

/** Every field that can carry an error, in the order the form shows them (for focus). */
export const itemFormFields = [
	'name',
	'description',
	'category',
	'condition',
	'weight',
	'length',
	'width',
	'height',
	'quantity',
	'pickupDistrict',
	'chooseAfterHours',
	'files',
	'verificationToken',
] as const;
export type ItemFormField = (typeof itemFormFields)[number];
export type ItemFieldErrors = Partial<Record<ItemFormField, string>>;

/** The number inputs, in the order the form shows them. */
export const measurementFields = ['weight', 'length', 'width', 'height', 'quantity'] as const;
export type MeasurementField = (typeof measurementFields)[number];

/** The `min`, `max` and `step` of each number input in `mode` (docs/product-rules.md#item-limits). */
export function measurementRange(
	field: MeasurementField,
	mode: ItemFormMode,
): { min: number; max: number; step: number } {
	if (field === 'weight')
		return { min: itemLimits.weightMin, max: itemLimits.weightMax, step: 0.1 };
	if (field === 'quantity') {
		return { min: itemLimits.quantityMin, max: itemLimits.quantityMax, step: 1 };
	}
	const min = mode === 'edit' ? editDimensionMin : itemLimits.dimensionMin;
	return { min, max: itemLimits.dimensionMax, step: 0.1 };
}

/**
 * Empty values for a new item, picked up in the donor's own district (`homeDistrict`); the
 * category defaults to `other` (docs/product-rules.md#categories).
 */
export function initialItemValues(
	item?: EditableItem | null,
	homeDistrict: string | null = null,
): ItemFormValues {
	if (!item) {
		return {
			name: '',
			description: '',
			category: 'other',
			condition: '',
			weight: '',
			length: '',
			width: '',
			height: '',
			quantity: '1',
			pickupDistrict: homeDistrict ?? '',
			chooseAfterHours: '0',
		};
	}
	return {
		name: item.name,
		description: item.description,
		category: item.category,
		condition: item.condition ?? '',
		weight: String(item.weight),
		length: String(item.length),
		width: String(item.width),
		height: String(item.height),
		quantity: String(item.quantity),
		pickupDistrict: item.pickup?.districtCode ?? '',
		chooseAfterHours: String(item.chooseAfterHours ?? 0),
	};
}

/** The form checked with the shared schema: the values to send, or a message key per field. */
export function validateItemForm(
	values: ItemFormValues,
	mode: ItemFormMode,
): { payload: ValidItem | null; errors: ItemFieldErrors } {
	// An emptied number input must read as missing ("required"), not as 0 ("at least 0.1").
	const input = Object.fromEntries(
		Object.entries(values).map(([key, value]) => [key, value.trim() === '' ? undefined : value]),
	);
	const result = itemSchemaOf(mode === 'edit' ? 'edit' : 'create').safeParse(input);
	const errors: ItemFieldErrors = {};
	for (const issue of result.error?.issues ?? []) {
		const field = String(issue.path[0] ?? '') as ItemFormField;
		errors[field] ??= issue.message;
	}
	// The API falls back to the profile's district; on the form, a district is always chosen.
	if (!values.pickupDistrict) errors.pickupDistrict = 'itemForm.errors.pickupDistrictRequired';
	if (!result.success || errors.pickupDistrict) return { payload: null, errors };
	return { payload: result.data, errors };
}

/** Whether any field differs from the saved item, comparing numbers as numbers ("2.0" = 2). */
export function hasFieldChanges(values: ItemFormValues, item: EditableItem): boolean {
	if (values.name.trim() !== item.name || values.description.trim() !== item.description) {
		return true;
	}
	if (values.category !== item.category) return true;
	if (values.condition !== (item.condition ?? '')) return true;
	if (values.pickupDistrict !== (item.pickup?.districtCode ?? '')) return true;
	if (Number(values.chooseAfterHours) !== (item.chooseAfterHours ?? 0)) return true;
	return measurementFields.some((field) => {
		const text = values[field].trim();
		return text === '' || Number(text) !== item[field];
	});
}

/** The photos of the form: saved ones (edit only), which of them are marked, and new picks. */
export interface PhotoSelection {
	/** Saved photo URLs, as `item.images` lists them. */
	existing: readonly string[];
	/** Saved photo URLs marked for deletion. */
	removed: ReadonlySet<string>;
	/** How many new photos were picked. */
	added: number;
}

/** How many photos the item will have after saving. */
export function photoCount({ existing, removed, added }: PhotoSelection): number {
	return existing.filter((url) => !removed.has(url)).length + added;
}

/** The photo rule a selection breaks: at least one photo must remain, at most five in all. */
export function photoSelectionError(selection: PhotoSelection): string | undefined {
	const count = photoCount(selection);
	if (count < itemLimits.imagesMin) return 'form.errors.imagesRequired';
	if (count > itemLimits.imagesMax) return 'form.errors.imagesMax';
	return undefined;
}

/** Room left for new photos. */
export function photoRoom(selection: PhotoSelection): number {
	return Math.max(0, itemLimits.imagesMax - photoCount(selection));
}

/** Save is possible on edit only when a field changed or a photo was removed or added. */
export function hasItemChanges(
	values: ItemFormValues,
	item: EditableItem,
	selection: PhotoSelection,
): boolean {
	return selection.removed.size > 0 || selection.added > 0 || hasFieldChanges(values, item);
}

/** The type rule of a picked file (JPEG, PNG or WebP), as a message key, or null. */
export function photoTypeError(file: { type: string }): string | null {
	return (imageMimeTypes as readonly string[]).includes(file.type) ? null : 'form.errors.imageType';
}

/** The size rule of a file about to be uploaded (5 MB each), as a message key, or null. */
export function photoSizeError(file: { size: number }): string | null {
	return file.size > itemLimits.imageMaxBytes ? 'form.errors.imageTooLarge' : null;
}

/** The first field with an error, in the form's order. */
export function firstInvalidField(errors: ItemFieldErrors): ItemFormField | undefined {
	return itemFormFields.find((field) => errors[field]);
}
