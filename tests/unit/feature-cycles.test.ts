import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import features from '../../eslint/feature-cycles.js';

const projects: string[] = [];

afterAll(() => {
	for (const project of projects) rmSync(project, { recursive: true, force: true });
});

/**
 * Writes `files` (paths under `src/features/`) into a project of their own, lints each `.ts` file
 * with the rule alone, and gives each file's messages.
 */
function lintFeatures(files: Record<string, string>): Record<string, string[]> {
	const project = mkdtempSync(path.join(tmpdir(), 'feature-cycles-'));
	projects.push(project);
	for (const [name, text] of Object.entries(files)) {
		const file = path.join(project, 'src/features', name);
		mkdirSync(path.dirname(file), { recursive: true });
		writeFileSync(file, text);
	}
	const linter = new Linter({ cwd: project });
	const config = {
		files: ['**/*.ts'],
		plugins: { features },
		rules: { 'features/no-cycles': 'error' as const },
	};
	const messages: Record<string, string[]> = {};
	for (const [name, text] of Object.entries(files)) {
		if (!name.endsWith('.ts')) continue;
		const filename = path.join(project, 'src/features', name);
		messages[name] = linter.verify(text, config, { filename }).map(({ message }) => message);
	}
	return messages;
}

describe('features/no-cycles', () => {
	it('names two features that import each other, at both imports', () => {
		expect(
			lintFeatures({
				'items/items.ts': "import { asked } from '~/features/requests/requests';",
				'requests/requests.ts': "import { items } from '../items/items';\nexport const asked = 1;",
			}),
		).toEqual({
			'items/items.ts': ['Features import each other: items → requests → items'],
			'requests/requests.ts': ['Features import each other: requests → items → requests'],
		});
	});

	it('names a cycle through three features, closed by an .astro component', () => {
		expect(
			lintFeatures({
				'items/items.ts': "export { asked } from '~/features/requests/requests';",
				'requests/requests.ts': 'export const asked = 1;',
				'requests/OrderLink.astro': "---\nimport { order } from '~/features/shipping/orders';\n---",
				'shipping/orders.ts': "import { items } from '../items/items';",
			}),
		).toEqual({
			'items/items.ts': ['Features import each other: items → requests → shipping → items'],
			'requests/requests.ts': [],
			'shipping/orders.ts': ['Features import each other: shipping → items → requests → shipping'],
		});
	});

	it('passes features that form a tree, and leaves tests out of the graph', () => {
		expect(
			lintFeatures({
				'items/items.ts': "import { asked } from '~/features/requests/requests';",
				'items/detail/ItemDetail.ts': "import { order } from '../../shipping/orders';",
				'requests/requests.ts': "import { order } from '~/features/shipping/orders';",
				'requests/requests.test.ts': "import { items } from '~/features/items/items';",
				'shipping/orders.ts': "import { z } from 'zod';\nimport { rate } from './rates';",
			}),
		).toEqual({
			'items/items.ts': [],
			'items/detail/ItemDetail.ts': [],
			'requests/requests.ts': [],
			'requests/requests.test.ts': [],
			'shipping/orders.ts': [],
		});
	});
});
