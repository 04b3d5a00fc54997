import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import features from './eslint/feature-cycles.js';

/**
 * A folder of `src/`, by its alias and by a relative path that climbs to it (`../../server/db`):
 * no other folder of `src/` shares these names.
 */
function folderImports(name, message) {
	return [
		{ group: [`~/${name}`, `~/${name}/**`], message },
		{ regex: `^(\\.\\./)+${name}(/|$)`, message },
	];
}

/**
 * The folders' dependency rules (README, _Folder tree_): each group names what a folder may not
 * import. Tests may reach anything.
 */
const forbidden = {
	app: folderImports('app', 'Only pages and the middleware use the wiring.'),
	server: folderImports('server', 'The server is not for this code.'),
	features: folderImports('features', 'The core imports no feature.'),
	pages: folderImports('pages', 'Nothing imports a page.'),
	frame: {
		group: ['~/layouts/**', '~/components/*.astro'],
		message: 'The page frame belongs to pages.',
	},
	serverModules: {
		group: ['**/*.server', '**/*.server.ts', '**/*.routes', '**/*.routes.ts', 'astro:env/server'],
		message: 'Browser code imports no server module, API routes or server environment.',
		// A type is erased before the browser gets the code: response types come from the routes'
		// schemas this way.
		allowTypeImports: true,
	},
	node: { group: ['node:*'], message: 'Code for the browser imports no Node module.' },
};

/** What each folder may not import. */
const folders = {
	'src/lib': ['app', 'server', 'features', 'pages', 'frame', 'node'],
	'src/config': ['app', 'server', 'features', 'pages', 'frame', 'node'],
	'src/server': ['app', 'features', 'pages', 'frame'],
	'src/features': ['app', 'pages'],
	'src/components': ['app', 'server', 'pages'],
	'src/layouts': ['app', 'server', 'pages'],
};

/** What no code that can reach the browser imports, wherever it lives. */
const browser = ['app', 'server', 'serverModules', 'node'];

/** Modules that never reach the browser: server work and API routes. */
const serverCode = ['**/*.server.ts', '**/*.routes.ts'];

/** The folders whose every `.ts` module but server code can reach the browser. */
const browserFolders = ['src/lib', 'src/config', 'src/features', 'src/components'];

/** A folder's browser code: islands, `<script>` code of `.astro` files, and its modules if any. */
function browserCode(folder) {
	const kinds = ['**/*.tsx', '**/*.astro/*.ts', '**/*.astro/*.js'];
	if (browserFolders.includes(folder)) kinds.push('**/*.ts');
	return kinds.map((kind) => `${folder}/${kind}`);
}

/** `files`, but tests and `ignores`, import nothing the `groups` of `forbidden` name. */
function boundary(files, groups, ignores = []) {
	return {
		files,
		ignores: ['**/*.test.ts', '**/*.test.tsx', ...ignores],
		rules: {
			'@typescript-eslint/no-restricted-imports': [
				'error',
				{ patterns: groups.flatMap((name) => forbidden[name]) },
			],
		},
	};
}

export default defineConfig(
	{
		ignores: [
			'dist/',
			'.astro/',
			'data/',
			'node_modules/',
			'test-results/',
			'playwright-report/',
			'bench-results/',
		],
	},
	js.configs.recommended,
	...tseslint.configs.recommended,
	...astro.configs.recommended,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		rules: {
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', ignoreRestSiblings: true },
			],
		},
	},
	...Object.entries(folders).map(([folder, groups]) => boundary([`${folder}/**`], groups)),
	// For one file a later entry's options replace an earlier one's, so browser code carries its
	// folder's rules as well as the browser's.
	boundary(browserCode('src'), browser, serverCode),
	...Object.entries(folders).map(([folder, groups]) =>
		boundary(browserCode(folder), [...new Set([...groups, ...browser])], serverCode),
	),
	{
		files: ['src/features/**'],
		ignores: ['**/*.test.ts', '**/*.test.tsx'],
		plugins: { features },
		rules: { 'features/no-cycles': 'error' },
	},
);
