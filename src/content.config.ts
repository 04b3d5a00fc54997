import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** Privacy policy and terms, one Markdown file per locale: `legal/<locale>/<page>.md`. */
const legal = defineCollection({
	loader: glob({ pattern: '*/*.md', base: './src/content/legal' }),
	schema: z.object({ updated: z.coerce.date() }),
});

export const collections = { legal };
