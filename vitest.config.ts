/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
	test: {
		include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
		setupFiles: ['tests/setup/missing-translations.ts'],
		testTimeout: 30_000,
		hookTimeout: 120_000,
	},
});
