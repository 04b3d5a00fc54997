import type { APIRoute } from 'astro';
import { getServerContext } from '~/app/context';
import { sitemapXml } from '~/features/sitemap/sitemap.server';
import { sitemapHeaders } from '~/features/sitemap/sitemap';

export const prerender = false;

/** One part of the sitemap: `static`, `cities` or `items-<n>`. */
export const GET: APIRoute = async ({ locals, params }) => {
	const xml = await sitemapXml((await getServerContext()).db, locals.origin, params['part'] ?? '');
	if (xml === null) return new Response('Not found', { status: 404 });
	return new Response(xml, { headers: sitemapHeaders });
};
