import type { APIRoute } from 'astro';
import { getServerContext } from '~/app/context';

export const prerender = false;

/** The process can serve: the database answers. */
export const GET: APIRoute = async () => {
	const headers = { 'Cache-Control': 'no-store' };
	try {
		const { database } = await getServerContext();
		await database.ping();
		return Response.json({ status: 'ready', database: database.kind }, { headers });
	} catch {
		return Response.json({ status: 'unavailable' }, { status: 503, headers });
	}
};
