import type { APIRoute } from 'astro';
import { site } from '~/config/site.server';
import { webAppManifest } from '~/features/web-app/web-app';
import { localeFromParam, localeStaticPaths } from '~/lib/i18n/locales';
import { useTranslations } from '~/server/i18n';

export const prerender = true;
export const getStaticPaths = localeStaticPaths;

/** The web app manifest of each language: `/manifest.webmanifest`, `/en/manifest.webmanifest`. */
export const GET: APIRoute = ({ params }) => {
	const locale = localeFromParam(params['lang']) ?? 'id';
	const manifest = webAppManifest(locale, { title: site.title, t: useTranslations(locale) });
	return new Response(JSON.stringify(manifest), {
		headers: { 'Content-Type': 'application/manifest+json; charset=utf-8' },
	});
};
