import { describe, expect, it } from 'vitest';
import { median } from '../../scripts/bench/lighthouse-against.mjs';

describe('npm run bench --against', () => {
	it('takes the median of the runs that gave a figure', () => {
		expect(median([300, 100, 200])).toBe(200);
		expect(median([40, 10, 30, 20])).toBe(25);
		expect(median([undefined, 7, null, Number.NaN])).toBe(7);
		expect(median([])).toBeUndefined();
	});
});
