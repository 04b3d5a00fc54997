/**
 * Islands' texts by address (decision 045), for the browser to fetch once and keep: the address
 * names their hash, so an answer never changes and is cached for a year.
 */
import type { APIRoute } from 'astro';
import { islandTextsAt } from '~/server/i18n';

export const prerender = false;

// Every island's texts are declared where its feature composes them; all are loaded here, so that
// any process answers any address, whichever pages it has rendered.
import.meta.glob('../../../features/**/*-resources.server.ts', { eager: true });

export const GET: APIRoute = ({ url }) => {
	const json = islandTextsAt(url.pathname);
	if (json === undefined) {
		return new Response(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
	}
	return new Response(json, {
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Cache-Control': 'public, max-age=31536000, immutable',
		},
	});
};
