import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
	defaultPages,
	itemPlaceholder,
	jsBudgetsKb,
	needPlaceholder,
	pageKindOf,
} from '../../scripts/bench/page-budgets.mjs';

/** The kind of a default page once the server has named an item and a need for it. */
const kindOfDefault = (page: string) =>
	pageKindOf(page.replace(itemPlaceholder, '7').replace(needPlaceholder, '3'), 200);

describe('npm run bench page budgets', () => {
	it('measures every kind of page in both languages by default', () => {
		const kinds = ['home', 'items', 'item detail', 'needs', 'need', 'rankings', 'support', 'legal'];
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
		expect(budgetOf('/')).toBe(10);
		expect(budgetOf('/en')).toBe(10);
		expect(budgetOf('/items')).toBe(100);
		expect(budgetOf('/en/items/12')).toBe(100);
		expect(budgetOf('/en/needs')).toBe(8);
		expect(budgetOf('/needs/3')).toBe(100);
		expect(budgetOf('/heroes/rankings')).toBe(100);
		expect(budgetOf('/en/support-us')).toBe(8);
		expect(budgetOf('/privacy-policy')).toBe(8);
		expect(budgetOf('/en/terms')).toBe(8);
	});

	it('counts a page that answers 404 as the not-found page', () => {
		expect(pageKindOf('/halaman-yang-tidak-ada', 404)).toBe('not found');
		expect(pageKindOf('/items/999999', 404)).toBe('not found');
		expect(jsBudgetsKb['not found']).toBe(8);
	});

	it("are the budgets the README's table shows", () => {
		const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
		const start = readme.indexOf('\n## Page budgets and benchmarks\n');
		expect(start).toBeGreaterThan(-1);
		const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
		const shown = Object.fromEntries(
			[...section.matchAll(/^\|\s*([a-z ]+?)\s*\|[^|\n]*\|\s*(\d+) KB\s*\|$/gm)].map(
				([, kind, kb]) => [kind, Number(kb)],
			),
		);
		expect(shown).toEqual(jsBudgetsKb);
	});
});
