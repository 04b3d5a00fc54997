import { describe, expect, it } from 'vitest';
import {
	defaultPages,
	itemPlaceholder,
	jsBudgetsKb,
	pageKindOf,
} from '../../scripts/bench/page-budgets.mjs';

/** The kind of a default page once the server has named an item for it. */
const kindOfDefault = (page: string) => pageKindOf(page.replace(itemPlaceholder, '7'), 200);

describe('npm run bench page budgets', () => {
	it('measures every kind of page in both languages by default', () => {
		const kinds = ['home', 'items', 'item detail', 'rankings', 'support', 'legal'];
		for (const kind of kinds) {
			const pages = defaultPages.filter((page) => kindOfDefault(page) === kind);
			expect(
				pages.some((page) => page.startsWith('/en')),
				`${kind} in English`,
			).toBe(true);
			expect(
				pages.some((page) => !page.startsWith('/en')),
				`${kind} in Indonesian`,
			).toBe(true);
		}
	});

	it('judges each kind of page by its own budget', () => {
		const budgetOf = (page: string) => jsBudgetsKb[pageKindOf(page, 200)];
		expect(budgetOf('/')).toBe(100);
		expect(budgetOf('/en')).toBe(100);
		expect(budgetOf('/items')).toBe(130);
		expect(budgetOf('/en/items/12')).toBe(130);
		expect(budgetOf('/heroes/rankings')).toBe(130);
		expect(budgetOf('/en/support-us')).toBe(60);
		expect(budgetOf('/privacy-policy')).toBe(60);
		expect(budgetOf('/en/terms')).toBe(60);
	});

	it('counts a page that answers 404 as the not-found page', () => {
		expect(pageKindOf('/halaman-yang-tidak-ada', 404)).toBe('not found');
		expect(pageKindOf('/items/999999', 404)).toBe('not found');
		expect(jsBudgetsKb['not found']).toBe(60);
	});
});
