import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The folders' dependency rules (README, _Folder tree_): each group names what a folder may not
 * import. Tests may reach anything.
 */
const forbidden = {
	app: { group: ['~/app', '~/app/**'], message: 'Only pages and the middleware use the wiring.' },
	server: { group: ['~/server', '~/server/**'], message: 'The server is not for this folder.' },
	features: { group: ['~/features/**'], message: 'The core imports no feature.' },
	pages: { group: ['~/pages/**'], message: 'Nothing imports a page.' },
	frame: {
		group: ['~/layouts/**', '~/components/*.astro'],
		message: 'The page frame belongs to pages.',
	},
	serverModules: {
		group: ['**/*.server', '**/*.server.ts'],
		message: 'Browser code imports no server module.',
	},
	node: { group: ['node:*'], message: 'Code for the browser imports no Node module.' },
};

function boundary(files, groups) {
	return {
		files,
		ignores: ['**/*.test.ts', '**/*.test.tsx'],
		rules: {
			'no-restricted-imports': ['error', { patterns: groups.map((name) => forbidden[name]) }],
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
	boundary(
		['src/lib/**', 'src/config/**'],
		['app', 'server', 'features', 'pages', 'frame', 'node'],
	),
	boundary(['src/server/**'], ['app', 'features', 'pages', 'frame']),
	boundary(['src/features/**'], ['app', 'pages']),
	boundary(['src/components/**', 'src/layouts/**'], ['app', 'server', 'pages']),
	boundary(
		['src/**/*.tsx', 'src/**/*.astro/*.ts', 'src/**/*.astro/*.js'],
		['app', 'server', 'serverModules', 'node'],
	),
);
