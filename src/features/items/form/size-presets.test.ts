import { describe, expect, it } from 'vitest';
import { itemLimits } from '~/config/limits';
import { initialItemValues, validateItemForm } from './item-form';
import { matchingPreset, sizePresets, withSizePreset } from './size-presets';

const typed = {
	...initialItemValues(null, '32.73.14'),
	name: 'Sepatu lari',
	description: 'Sepatu lari ukuran 42, jarang dipakai.',
	condition: 'likeNew' as const,
	quantity: '2',
};

describe('size presets', () => {
	it('fill the weight and the three dimensions, and nothing else', () => {
		const shoebox = sizePresets.find((preset) => preset.id === 'shoebox')!;
		const values = withSizePreset(typed, shoebox);
		expect(values).toEqual({
			...typed,
			weight: String(shoebox.size.weight),
			length: String(shoebox.size.length),
			width: String(shoebox.size.width),
			height: String(shoebox.size.height),
		});
		expect(matchingPreset(values)).toBe(shoebox);
	});

	it('each give a form that passes the item limits, on add and on edit', () => {
		for (const preset of sizePresets) {
			const values = withSizePreset(typed, preset);
			expect(validateItemForm(values, 'add').errors, preset.id).toEqual({});
			expect(validateItemForm(values, 'edit').errors, preset.id).toEqual({});
			expect(preset.size.weight).toBeLessThanOrEqual(itemLimits.weightMax);
		}
	});

	it('go from small to large', () => {
		const volumes = sizePresets.map(({ size }) => size.length * size.width * size.height);
		const weights = sizePresets.map(({ size }) => size.weight);
		expect(volumes).toEqual([...volumes].sort((a, b) => a - b));
		expect(weights).toEqual([...weights].sort((a, b) => a - b));
	});

	it('keep what is typed after picking, leaving no preset picked', () => {
		const suitcase = sizePresets.find((preset) => preset.id === 'suitcase')!;
		const edited = { ...withSizePreset(typed, suitcase), weight: '12.5' };
		expect(matchingPreset(edited)).toBeUndefined();
		expect(edited).toMatchObject({ weight: '12.5', length: '75', width: '50', height: '30' });
		expect(matchingPreset({ ...edited, weight: '15.0' })).toBe(suitcase);
	});

	it('leave a form with an empty field unpicked', () => {
		expect(matchingPreset(typed)).toBeUndefined();
	});
});
