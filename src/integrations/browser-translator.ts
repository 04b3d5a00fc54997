import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** What islands import in the browser instead of each translation package (decision 048). */
export const browserTranslatorModules = {
	i18next: fileURLToPath(new URL('../lib/i18n/browser/i18next.ts', import.meta.url)),
	'react-i18next': fileURLToPath(new URL('../lib/i18n/browser/react-i18next.tsx', import.meta.url)),
} as const;

/**
 * Gives the browser's build the site's small translator in place of i18next and react-i18next;
 * pages, islands rendered on the server and mail keep the packages. Islands' code is unchanged:
 * it imports `useTranslation` from react-i18next as before.
 */
export function browserTranslator(): Plugin {
	return {
		name: 'hibahin:browser-translator',
		enforce: 'pre',
		applyToEnvironment: (environment) => environment.name === 'client',
		resolveId: (source) =>
			browserTranslatorModules[source as keyof typeof browserTranslatorModules],
	};
}
