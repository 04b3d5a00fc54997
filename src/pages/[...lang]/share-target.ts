import type { APIRoute } from 'astro';
import { donatePathAfterShare } from '~/features/web-app/web-app';
import { localeFromParam } from '~/lib/i18n/locales';

export const prerender = false;

/**
 * The share sheet's action, reached only where no service worker took the share (it keeps the
 * photos itself): the listing form opens without them. It stores nothing, so the middleware lets
 * the share sheet's post through from any origin.
 */
export const ALL: APIRoute = ({ params, redirect, rewrite }) => {
	const locale = localeFromParam(params['lang']);
	if (!locale) return rewrite('/404');
	return redirect(donatePathAfterShare(locale), 303);
};
