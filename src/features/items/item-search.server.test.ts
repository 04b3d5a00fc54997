import { describe, expect, it } from 'vitest';
import { type PageRequest, pageWay } from './item-search.server';

const page = (number: number, limit = 12): PageRequest => ({
	sort: 'newest',
	limit,
	offset: (number - 1) * limit,
});

describe('pageWay', () => {
	it('walks the dates to the first page of a common word', () => {
		// "kursi": one item in eighteen; the walk reads about 210 rows for 12 matches.
		expect(pageWay(page(1), 5_673, 100_000)).toEqual({ walk: true, limit: 12, offset: 0 });
		expect(pageWay(page(2, 48), 5_673, 100_000)).toEqual({ walk: true, limit: 48, offset: 48 });
	});

	it('asks the trigram index for a rare word, which a walk would read far for', () => {
		expect(pageWay(page(1), 40, 100_000)).toEqual({ walk: false });
		expect(pageWay(page(1), 500, 100_000)).toEqual({ walk: false });
	});

	it('walks while the rows it reads cost less than the matches through the index', () => {
		// (offset + limit) × items / matches rows against four rows per match, 4 × 100 = 400:
		// page 3 reads 36 × 1000 / 100 = 360 rows and walks, page 4 would read 480.
		expect(pageWay(page(2), 100, 1_000).walk).toBe(true);
		expect(pageWay(page(3), 100, 1_000).walk).toBe(true);
		expect(pageWay(page(4), 100, 1_000).walk).toBe(false);
	});

	it('keeps walks to the first ten pages, so few statements are prepared', () => {
		expect(pageWay(page(10), 50_000, 100_000).walk).toBe(true);
		expect(pageWay(page(11), 50_000, 100_000).walk).toBe(false);
	});

	it('asks the index past the last match and while the number of items is unknown', () => {
		expect(pageWay(page(3), 24, 24)).toEqual({ walk: false });
		expect(pageWay(page(1), 0, 100)).toEqual({ walk: false });
		expect(pageWay(page(1), 5_673, undefined)).toEqual({ walk: false });
	});
});
