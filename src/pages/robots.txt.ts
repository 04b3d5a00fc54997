import type { APIRoute } from 'astro';
import { robotsTxt } from '~/features/sitemap/sitemap';

export const prerender = false;

/** Where crawlers may go, and the sitemap's address on the public origin. */
export const GET: APIRoute = ({ locals }) =>
	new Response(robotsTxt(locals.origin), {
		headers: {
			'Content-Type': 'text/plain; charset=utf-8',
			'Cache-Control': 'public, max-age=3600',
		},
	});
