import type { APIRoute } from 'astro';
import { type ApiApp, createApiApp } from '~/server/http/app';
import { getServerContext } from '~/server/context';

export const prerender = false;

let app: Promise<ApiApp> | undefined;

/** Every `/api/*` request goes to the Hono app. */
export const ALL: APIRoute = async ({ request, clientAddress }) => {
	app ??= getServerContext().then(createApiApp);
	return (await app).fetch(request, { clientAddress });
};
