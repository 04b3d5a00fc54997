/**
 * Common sizes a donor can pick on the item form instead of measuring: each fills the weight and
 * the three dimensions (docs/product-rules.md#size-presets), which stay editable. The numbers are
 * packed sizes as Indonesian couriers weigh and measure them, within the item limits.
 */
import type { ItemFormValues } from './item-form';

/** The fields a preset fills. */
export const presetFields = ['weight', 'length', 'width', 'height'] as const;
type PresetField = (typeof presetFields)[number];

export interface SizePreset {
	id: 'smallParcel' | 'shoebox' | 'mediumBox' | 'suitcase' | 'largeFurniture';
	/** kg and cm. */
	size: Record<PresetField, number>;
}

export const sizePresets: readonly SizePreset[] = [
	// A phone, a few books or clothes in a padded envelope or a small box.
	{ id: 'smallParcel', size: { weight: 1, length: 25, width: 20, height: 10 } },
	{ id: 'shoebox', size: { weight: 2, length: 35, width: 25, height: 15 } },
	// An instant noodle carton: a rice cooker, a small appliance, a stack of toys.
	{ id: 'mediumBox', size: { weight: 5, length: 50, width: 40, height: 30 } },
	{ id: 'suitcase', size: { weight: 15, length: 75, width: 50, height: 30 } },
	// A cabinet, a chair or a small table, sent by cargo.
	{ id: 'largeFurniture', size: { weight: 40, length: 150, width: 80, height: 80 } },
];

/** The form's values with the preset's weight and dimensions; everything else as it was. */
export function withSizePreset(values: ItemFormValues, preset: SizePreset): ItemFormValues {
	const filled = Object.fromEntries(
		presetFields.map((field) => [field, String(preset.size[field])]),
	);
	return { ...values, ...filled };
}

/** The preset the four fields hold exactly, so typing another number leaves none picked. */
export function matchingPreset(values: ItemFormValues): SizePreset | undefined {
	return sizePresets.find((preset) =>
		presetFields.every((field) => {
			const text = values[field].trim();
			return text !== '' && Number(text) === preset.size[field];
		}),
	);
}
