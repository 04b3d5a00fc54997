/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

/**
 * The suites that run the built server as real processes (`npm run test:scale`, after
 * `npm run build`): shutdown under load, backups, many instances behind a proxy.
 */
export default getViteConfig({
	test: {
		include: ['tests/scale/**/*.test.ts'],
		testTimeout: 180_000,
		hookTimeout: 180_000,
		// Each suite starts its own processes; one at a time keeps the machine's cores for them.
		fileParallelism: false,
	},
});
