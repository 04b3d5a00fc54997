import type { APIRoute } from 'astro';
import { getServerContext } from '~/app/context';
import { sitemapXml } from '~/features/sitemap/sitemap.server';
import { sitemapHeaders } from '~/features/sitemap/sitemap';

export const prerender = false;

/** The sitemap index: the static pages, the city pages and the parts listing every available item. */
export const GET: APIRoute = async ({ locals }) => {
	const xml = await sitemapXml((await getServerContext()).db, locals.origin, null);
	return new Response(xml, { headers: sitemapHeaders });
};
