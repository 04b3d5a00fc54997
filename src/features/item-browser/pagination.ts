/** A page number to show, or a gap standing for the pages left out. */
export type PageLink = number | 'ellipsis';

/**
 * The page numbers a pager shows: the first and last page, the current page and its neighbours,
 * and an ellipsis for each gap. A gap of a single page shows that page instead, since an ellipsis
 * would take the same room and hide it.
 *
 * `pageNumbers(6, 12)` → `[1, 'ellipsis', 5, 6, 7, 'ellipsis', 12]`.
 */
export function pageNumbers(current: number, total: number): PageLink[] {
	if (total < 1) return [];
	const page = Math.min(Math.max(1, Math.trunc(current)), total);
	const shown = [...new Set([1, page - 1, page, page + 1, total])]
		.filter((number) => number >= 1 && number <= total)
		.sort((a, b) => a - b);
	const links: PageLink[] = [];
	for (const number of shown) {
		const previous = links.at(-1);
		if (typeof previous === 'number' && number - previous === 2) links.push(previous + 1);
		else if (typeof previous === 'number' && number - previous > 2) links.push('ellipsis');
		links.push(number);
	}
	return links;
}
