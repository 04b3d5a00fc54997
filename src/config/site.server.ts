import { SITE_TITLE, SUPPORT_URL } from 'astro:env/server';

/** Facts about the site shown in the footer and the legal pages; not translated. */
export const site = {
	title: SITE_TITLE,
	supportUrl: SUPPORT_URL,
	contact: {
		email: 'hello@hibahin.id',
		phone: '+62 21 5000 4242',
		address: 'Jl. Kemang Raya No. 10, Jakarta Selatan 12730, Indonesia',
	},
} as const;

/** `'{page} | {site title}'`, the title of every page. */
export function pageTitle(page: string): string {
	return `${page} | ${site.title}`;
}
