// The HTTP floor of the API benchmark: the least a Node server can do to answer the benchmark's
// requests. Plain node:http and postgres.js, no framework, no middleware: it sends the item
// statements the API sends (item-statements.mjs) and writes their rows as JSON, uncompressed,
// with no other header than the content type. Loaded like the API, it shows how much of the bare
// query's throughput is left once every answer crosses HTTP on the same machine: what any API
// could at best reach there.
//
// Run by api.mjs with DATABASE_URL, DATABASE_POOL_SIZE, HOST, PORT and BENCH_SEARCHES (each search
// word's search as the server runs it, after any spelling correction, as JSON).
import http from 'node:http';
import postgres from 'postgres';
import { statements } from './item-statements.mjs';

const sql = postgres(process.env.DATABASE_URL ?? '', {
	max: Number(process.env.DATABASE_POOL_SIZE ?? 2),
	onnotice: () => {},
});
/** @type {Record<string, string>} */
const searches = JSON.parse(process.env.BENCH_SEARCHES ?? '{}');

/** @param {string} text @param {unknown[]} params */
const rows = (text, params) => sql.unsafe(text, /** @type {any} */ (params), { prepare: true });

/** The rows the API would read for this path, or `undefined` when it is not one of the loads. */
async function answer(url) {
	const { pathname, searchParams } = new URL(url, 'http://floor');
	const search = searchParams.get('search');
	if (pathname === '/api/items' && search !== null) {
		return { items: await rows(statements.page, [searches[search] ?? search]) };
	}
	const id = /^\/api\/items\/(\d+)$/.exec(pathname)?.[1];
	if (id) return (await rows(statements.item, [Number(id)]))[0];
	return undefined;
}

const server = http.createServer((req, res) => {
	answer(req.url ?? '/').then(
		(data) => {
			const body = JSON.stringify({ data: data ?? null });
			res.writeHead(data === undefined ? 404 : 200, {
				'content-type': 'application/json',
				'content-length': Buffer.byteLength(body),
			});
			res.end(body);
		},
		(error) => {
			res.writeHead(500, { 'content-type': 'text/plain' });
			res.end(String(error));
		},
	);
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM']) {
	process.on(signal, () => {
		server.close();
		void sql.end({ timeout: 1 }).finally(() => process.exit(0));
	});
}
