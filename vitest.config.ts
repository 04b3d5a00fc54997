/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
	test: {
		setupFiles: ['tests/setup/missing-translations.ts'],
		testTimeout: 30_000,
		hookTimeout: 120_000,
		// Vitest's default leaves a core free (one worker on two cores), but the API suites spend
		// much of their time waiting on PostgreSQL and Redis: one worker per core keeps both busy.
		maxWorkers: '100%',
		projects: [
			{
				extends: true,
				test: { name: 'unit', include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'] },
			},
			{
				extends: true,
				test: {
					name: 'api',
					include: ['tests/api/**/*.test.ts'],
					// Migrates once per run the databases every suite copies; runs only when an API
					// suite does.
					globalSetup: ['tests/helpers/migrated-databases.ts'],
				},
			},
		],
	},
});
