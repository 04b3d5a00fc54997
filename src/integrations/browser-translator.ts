import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** What the site's build imports instead of each translation package (decisions 044, 051). */
export const browserTranslatorModules = {
	i18next: fileURLToPath(new URL('../lib/i18n/browser/i18next.ts', import.meta.url)),
	'react-i18next': fileURLToPath(new URL('../lib/i18n/browser/react-i18next.tsx', import.meta.url)),
} as const;

/**
 * Gives the site's build the small translator in place of i18next and react-i18next: in the
 * browser (decision 044), and in the pages and islands the server renders (decision 051), where
 * i18next took a twentieth of every render's CPU. The server runtime's API and mail, built apart
 * (`server-runtime.ts`), and the tests keep the packages. Code is unchanged: it imports
 * `useTranslation` from react-i18next as before.
 */
export function browserTranslator(): Plugin {
	return {
		name: 'hibahin:browser-translator',
		enforce: 'pre',
		// The tests (Vite's `test` mode) run the server's side with the packages, so that the
		// translator is tested against i18next itself (`tests/unit/browser-translator.test.ts`).
		applyToEnvironment: (environment) =>
			environment.name === 'client' || environment.config.mode !== 'test',
		resolveId: (source) =>
			browserTranslatorModules[source as keyof typeof browserTranslatorModules],
	};
}

/**
 * Puts what every island needs in two files: React with Astro's renderer, and the site's island
 * root (translator, TanStack Query). Left to itself the bundler splits them into many small files,
 * each compressed apart, which costs a phone more bytes and requests (decision 044).
 */
export function islandChunks(): Plugin {
	return {
		name: 'hibahin:island-chunks',
		configEnvironment(name) {
			if (name !== 'client') return;
			return {
				build: {
					rolldownOptions: {
						// Entries keep their exports (an island's component); the bundler may add more.
						preserveEntrySignatures: 'allow-extension',
						output: {
							codeSplitting: {
								// Only the modules named: their imports stay where they were, so a page without an
								// island never loads these files for a helper they share.
								includeDependenciesRecursively: false,
								groups: [
									{
										name: 'react',
										test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
									},
									{
										name: 'island',
										test: /node_modules[\\/]@tanstack[\\/]react-query[\\/]|src[\\/]lib[\\/](island-root|react-renderer|i18n[\\/]browser[\\/]|i18n[\\/]island)/,
									},
								],
							},
						},
					},
				},
			};
		},
	};
}
