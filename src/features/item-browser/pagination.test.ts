import { describe, expect, it } from 'vitest';
import { pageNumbers } from './pagination';

describe('pageNumbers', () => {
	it('shows nothing without pages and a single page alone', () => {
		expect(pageNumbers(1, 0)).toEqual([]);
		expect(pageNumbers(1, 1)).toEqual([1]);
	});

	it('shows every page when there are few', () => {
		expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
		expect(pageNumbers(3, 5)).toEqual([1, 2, 3, 4, 5]);
	});

	it('keeps the first, last, current and neighbouring pages with ellipses for the gaps', () => {
		expect(pageNumbers(6, 12)).toEqual([1, 'ellipsis', 5, 6, 7, 'ellipsis', 12]);
	});

	it('has a single gap at either end', () => {
		expect(pageNumbers(1, 10)).toEqual([1, 2, 'ellipsis', 10]);
		expect(pageNumbers(10, 10)).toEqual([1, 'ellipsis', 9, 10]);
		expect(pageNumbers(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
	});

	it('shows a lone missing page rather than an ellipsis standing for it', () => {
		expect(pageNumbers(4, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 10]);
		expect(pageNumbers(7, 10)).toEqual([1, 'ellipsis', 6, 7, 8, 9, 10]);
	});

	it('clamps a current page outside the range', () => {
		expect(pageNumbers(0, 10)).toEqual(pageNumbers(1, 10));
		expect(pageNumbers(99, 10)).toEqual(pageNumbers(10, 10));
	});
});
