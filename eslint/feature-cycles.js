import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Rule `features/no-cycles`: no two feature folders of `src/features/` import each other, directly
 * or through other features. Features then form a tree, and code a second feature needs moves
 * out of the first (decision 037).
 *
 * The first file checked builds the graph of which feature imports which, from every `.ts`, `.tsx`
 * and `.astro` file of `src/features/` but tests; each file then reports those of its own imports
 * that close a cycle, naming it. The graph is built once per process: an editor that keeps
 * ESLint running sees other files' imports as they were when it started.
 */

const sourceFile = /\.(ts|tsx|astro)$/;
const testFile = /\.test\.tsx?$/;

// The sources of `from '…'`, `import '…'` and `import('…')`: enough to tell which features a file
// imports without parsing TypeScript and Astro.
const importSource = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

/** Each features folder's graph, by its path: feature → the features it imports. */
const graphs = new Map();

/** The feature folder `target` lies in, if it lies in `features`. */
function featureAt(features, target) {
	const [feature] = path.relative(features, target).split(path.sep);
	return feature && feature !== '..' ? feature : undefined;
}

/** The feature an import of `file` reaches: `~/features/items/…`, or a relative path into one. */
function importedFeature(features, file, source) {
	if (source.startsWith('~/features/')) return source.split('/')[2] || undefined;
	if (source.startsWith('.')) return featureAt(features, path.resolve(path.dirname(file), source));
	return undefined;
}

/** Which feature of `features` imports which, read from their files. */
function readGraph(features) {
	const graph = new Map();
	for (const folder of readdirSync(features, { withFileTypes: true })) {
		if (!folder.isDirectory()) continue;
		const imported = new Set();
		for (const name of readdirSync(path.join(features, folder.name), { recursive: true })) {
			if (!sourceFile.test(name) || testFile.test(name)) continue;
			const file = path.join(features, folder.name, name);
			for (const [, from, bare] of readFileSync(file, 'utf8').matchAll(importSource)) {
				const feature = importedFeature(features, file, from ?? bare);
				if (feature && feature !== folder.name) imported.add(feature);
			}
		}
		graph.set(folder.name, imported);
	}
	return graph;
}

/** The shortest way through `graph` from feature `start` to feature `end`, if there is one. */
function shortestWay(graph, start, end) {
	const cameFrom = new Map([[start, undefined]]);
	// A map's walk reaches the entries added during it: features are visited nearest first.
	for (const feature of cameFrom.keys()) {
		if (feature === end) {
			const way = [];
			for (let step = end; step !== undefined; step = cameFrom.get(step)) way.unshift(step);
			return way;
		}
		for (const next of graph.get(feature) ?? []) {
			if (!cameFrom.has(next)) cameFrom.set(next, feature);
		}
	}
	return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const noCycles = {
	meta: {
		type: 'problem',
		docs: { description: 'Feature folders do not import each other, directly or through others.' },
		messages: { cycle: 'Features import each other: {{cycle}}' },
		schema: [],
	},
	create(context) {
		const features = path.join(context.cwd, 'src', 'features');
		// An `.astro` file's `<script>` is linted as a file inside it; its imports are the file's.
		const file = context.physicalFilename;
		const feature = featureAt(features, file);
		if (!feature || testFile.test(file)) return {};
		if (!graphs.has(features)) graphs.set(features, readGraph(features));
		const graph = graphs.get(features);

		function check(node) {
			const source = node.source?.value;
			if (typeof source !== 'string') return;
			const imported = importedFeature(features, file, source);
			if (!imported || imported === feature) return;
			const wayBack = shortestWay(graph, imported, feature);
			if (!wayBack) return;
			const cycle = [feature, ...wayBack].join(' → ');
			context.report({ node, messageId: 'cycle', data: { cycle } });
		}

		return {
			ImportDeclaration: check,
			ImportExpression: check,
			ExportAllDeclaration: check,
			ExportNamedDeclaration: check,
		};
	},
};

/** @type {import('eslint').ESLint.Plugin} */
export default { meta: { name: 'features' }, rules: { 'no-cycles': noCycles } };
