import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The module of Astro's that hashes inlined styles and scripts for the page's policy. */
const encryptionModule = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
const declaration = 'async function generateCspDigest(';
const memoModule = fileURLToPath(new URL('../lib/content-security.ts', import.meta.url));

/**
 * Astro's `generateCspDigest` (`astro/dist/core/encryption.js`) made to compute each hash once
 * per process (`memoisedDigest`): the original is renamed and the exported name becomes its
 * memoised form. The policy is the same, hash for hash; only the work is done once. Throws when
 * Astro's module no longer declares the function, so an upgrade that moves it fails the build
 * instead of silently hashing on every render again.
 */
export function memoiseCspDigests(code: string): string {
	if (!code.includes(declaration)) {
		throw new Error(`csp-digests: ${declaration}…) is no longer in Astro's encryption module`);
	}
	return [
		`import { memoisedDigest as __memoisedDigest } from ${JSON.stringify(memoModule)};`,
		code.replace(declaration, 'async function generateCspDigestAfresh('),
		'const generateCspDigest = __memoisedDigest(generateCspDigestAfresh);',
	].join('\n');
}

/**
 * Astro hashes each inlined style and script on every server render (for the page's
 * Content-Security-Policy, decision 029): the same texts, the build's, every time. This computes
 * each hash once per process instead, in the server build only.
 */
export function cspDigests(): AstroIntegration {
	return {
		name: 'hibahin:csp-digests',
		hooks: {
			'astro:config:setup': ({ updateConfig }) => {
				updateConfig({
					vite: {
						plugins: [
							{
								name: 'hibahin:csp-digests',
								enforce: 'pre',
								transform(code, id, options) {
									if (!options?.ssr || !encryptionModule.test(id.split('?')[0]!)) return;
									return { code: memoiseCspDigests(code), map: null };
								},
							},
						],
					},
				});
			},
		},
	};
}
