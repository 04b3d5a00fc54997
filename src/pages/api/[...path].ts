import type { APIRoute } from 'astro';
import { type ApiApp, createApiApp } from '~/app/api';
import { getServerContext } from '~/app/context';

export const prerender = false;

let app: Promise<ApiApp> | undefined;

/** Every `/api/*` request goes to the Hono app. */
export const ALL: APIRoute = async ({ request, clientAddress }) => {
	app ??= getServerContext().then(createApiApp);
	return (await app).fetch(request, { clientAddress });
};
