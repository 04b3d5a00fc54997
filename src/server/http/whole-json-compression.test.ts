import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
	brotliCompressSync,
	brotliDecompressSync,
	constants,
	gunzipSync,
	gzipSync,
	zstdCompressSync,
	zstdDecompressSync,
} from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
	bodyFor,
	CompressedAnswers,
	compressWholeJson,
	compressWholePage,
	keptBody,
	pageCompression,
	pageCompressors,
	pageEncodings,
	preferredEncoding,
} from './whole-json-compression';
import { rawResponse } from '../../../tests/helpers/raw-response';

const longJson = JSON.stringify({
	data: Array.from({ length: 80 }, (_, id) => ({ id, name: 'Kursi' })),
});

const page = `<!doctype html><ul>${'<li>Kursi lipat</li>'.repeat(200)}</ul>`;

/** What the API's answers look like to Node: a head, then the body in one or more writes. */
const answers: Record<string, (res: ServerResponse) => void> = {
	'/long': (res) => {
		res.writeHead(200, { 'content-type': 'application/json', etag: '"abc"', vary: 'Cookie' });
		res.write(longJson.slice(0, 500));
		res.write(longJson.slice(500));
		res.end();
	},
	'/short': (res) => {
		res.writeHead(200, { 'Content-Type': 'application/json' });
		res.end('{"data":[]}');
	},
	'/text': (res) => {
		res.writeHead(200, { 'content-type': 'text/plain' });
		res.end('x'.repeat(4000));
	},
	'/stream': (res) => {
		res.writeHead(200, { 'content-type': 'application/json' });
		res.flushHeaders();
		res.write(longJson.slice(0, 500));
		setTimeout(() => res.end(longJson.slice(500)), 5);
	},
	'/page': (res) => {
		res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag: 'W/"v1"' });
		res.end(page);
	},
	'/photo': (res) => {
		res.writeHead(200, { 'content-type': 'image/webp' });
		res.write(Buffer.alloc(2048, 1));
		// The rest is written once the client has the head: only a streamed answer lets it.
		finishPhoto = () => res.end(Buffer.alloc(2048, 2));
	},
	'/not-modified': (res) => {
		res.writeHead(304, { etag: '"abc"' });
		res.end();
	},
};

let server: http.Server;
let base: string;
let finishPhoto = () => {};

beforeAll(async () => {
	server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
		const path = new URL(req.url ?? '/', 'http://x').pathname;
		if (req.url?.endsWith('?as=page')) compressWholePage(req, res);
		else compressWholeJson(req, res);
		answers[path]!(res);
	});
	server.listen(0, '127.0.0.1');
	await once(server, 'listening');
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
	server.close();
});

/** The raw answer: Node's client leaves the body as it came. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
	return rawResponse(`${base}${path}`, headers, method);
}

describe('compressWholeJson', () => {
	it.each([
		{ accept: 'br, gzip', encoding: 'gzip', decompress: gunzipSync },
		{ accept: 'gzip, deflate, br, zstd', encoding: 'zstd', decompress: zstdDecompressSync },
	])(
		'compresses JSON of 1 KB or more with $encoding for "$accept", with a weak tag',
		async ({ accept, encoding, decompress }) => {
			const answer = await get('/long', { 'accept-encoding': accept });
			expect(answer.headers['content-encoding']).toBe(encoding);
			expect(Number(answer.headers['content-length'])).toBe(answer.body.byteLength);
			expect(answer.body.byteLength).toBeLessThan(longJson.length / 4);
			expect(decompress(answer.body).toString()).toBe(longJson);
			expect(answer.headers['vary']).toBe('Cookie, Accept-Encoding');
			expect(answer.headers['etag']).toBe('W/"abc"');
		},
	);

	it('sends JSON as it is to clients that take neither, and says it varies', async () => {
		for (const accept of [undefined, 'br', 'gzip;q=0', 'identity', 'br, *;q=0']) {
			const answer = await get('/long', accept ? { 'accept-encoding': accept } : {});
			expect(answer.headers['content-encoding'], accept).toBeUndefined();
			expect(answer.body.toString(), accept).toBe(longJson);
			expect(answer.headers['vary'], accept).toBe('Cookie, Accept-Encoding');
			expect(answer.headers['etag'], accept).toBe('"abc"');
		}
	});

	it('leaves small JSON, other types, HEAD and empty answers alone', async () => {
		const gzip = { 'accept-encoding': 'gzip' };
		const short = await get('/short', gzip);
		expect(short.headers['content-encoding']).toBeUndefined();
		expect(short.body.toString()).toBe('{"data":[]}');
		expect(short.headers['vary']).toBe('Accept-Encoding');

		const text = await get('/text', gzip);
		expect(text.headers['content-encoding']).toBeUndefined();
		expect(text.body.byteLength).toBe(4000);

		const head = await get('/long', gzip, 'HEAD');
		expect(head.headers['content-encoding']).toBeUndefined();

		const notModified = await get('/not-modified', gzip);
		expect(notModified.status).toBe(304);
		expect(notModified.headers['etag']).toBe('"abc"');
	});

	it('lets a streamed answer through as it comes', async () => {
		const answer = await get('/stream', { 'accept-encoding': 'gzip' });
		expect(answer.headers['content-encoding']).toBeUndefined();
		expect(answer.body.toString()).toBe(longJson);
	});
});

describe('CompressedAnswers', () => {
	const page = (id: number) => JSON.stringify({ data: { id, name: 'Kursi lipat '.repeat(100) } });

	it('compresses an answer once and gives the same bytes for it again, whatever form it comes in', () => {
		const answers = new CompressedAnswers(1024 * 1024);
		const first = answers.compress('zstd', page(1));
		expect(zstdDecompressSync(first).toString()).toBe(page(1));
		expect(answers.compress('zstd', page(1))).toBe(first);
		expect(answers.compress('zstd', Buffer.from(page(1)))).toBe(first);
		expect(answers.size).toBe(1);

		const gzip = answers.compress('gzip', page(1));
		expect(gunzipSync(gzip).toString()).toBe(page(1));
		const other = answers.compress('zstd', page(2));
		expect(zstdDecompressSync(other).toString()).toBe(page(2));
		expect(answers.size).toBe(3);
	});

	it('forgets the least recently used answers past its size, and never keeps a large one', () => {
		const answers = new CompressedAnswers(32 * page(1).length);
		const first = answers.compress('zstd', page(0));
		const second = answers.compress('zstd', page(1));
		for (let id = 2; id < 80; id++) {
			answers.compress('zstd', page(id));
			// Used again and again: the first answer stays while others come and go.
			expect(answers.compress('zstd', page(0))).toBe(first);
		}
		expect(answers.size).toBeGreaterThan(1);
		expect(answers.size).toBeLessThan(32);
		expect(answers.compress('zstd', page(1))).not.toBe(second);

		const large = 'x'.repeat(page(1).length * 3);
		const before = answers.size;
		answers.compress('zstd', large);
		expect(answers.size).toBe(before);
	});
});

describe('preferredEncoding', () => {
	it('reads Accept-Encoding with its weights, zstd first on a tie', () => {
		expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('zstd');
		expect(preferredEncoding('gzip, deflate, br')).toBe('gzip');
		expect(preferredEncoding('zstd;q=0.5, gzip')).toBe('gzip');
		expect(preferredEncoding('ZSTD;q=0.5')).toBe('zstd');
		expect(preferredEncoding('GZIP;q=0.5')).toBe('gzip');
		expect(preferredEncoding('*')).toBe('zstd');
		expect(preferredEncoding('zstd;q=0, *')).toBe('gzip');
		expect(preferredEncoding('gzip;q=0')).toBeUndefined();
		expect(preferredEncoding('br')).toBeUndefined();
		expect(preferredEncoding('')).toBeUndefined();
		expect(preferredEncoding(undefined)).toBeUndefined();
	});
});

describe('compressWholePage', () => {
	it('compresses a page whole, and the texts and sitemaps the site renders beside its pages', async () => {
		for (const [accept, decompress] of [
			['zstd', zstdDecompressSync],
			['br', brotliDecompressSync],
			['gzip', gunzipSync],
		] as const) {
			const answer = await get('/page?as=page', { 'accept-encoding': accept });
			expect(answer.headers['content-encoding']).toBe(accept);
			expect(answer.body).toEqual(pageCompressors[accept](Buffer.from(page)));
			expect(answer.headers['content-length']).toBe(String(answer.body.byteLength));
			expect(answer.headers.etag).toBe('W/"v1"');
			expect(decompress(answer.body).toString()).toBe(page);
		}
		const json = await get('/long?as=page', { 'accept-encoding': 'zstd' });
		expect(json.headers['content-encoding']).toBe('zstd');
		expect(zstdDecompressSync(json.body).toString()).toBe(longJson);
		const text = await get('/text?as=page', { 'accept-encoding': 'zstd' });
		expect(text.headers['content-encoding']).toBe('zstd');
		expect(zstdDecompressSync(text.body).toString()).toBe('x'.repeat(4000));
	});

	it('streams an answer of another type through as it is written: a photo is not held back', async () => {
		const request = http.get(`${base}/photo?as=page`, { headers: { 'accept-encoding': 'zstd' } });
		const [response] = (await once(request, 'response')) as [IncomingMessage];
		expect(response.headers['content-type']).toBe('image/webp');
		expect(response.headers['content-encoding']).toBeUndefined();
		const chunks: Buffer[] = [];
		response.on('data', (chunk: Buffer) => chunks.push(chunk));
		finishPhoto();
		await once(response, 'end');
		expect(Buffer.concat(chunks)).toEqual(
			Buffer.concat([Buffer.alloc(2048, 1), Buffer.alloc(2048, 2)]),
		);
	});
});

describe('the compression of pages rendered on the server', () => {
	it("is chosen for CPU per render: zstd 1, brotli 3, gzip 4, never a static file's best", () => {
		expect(pageCompression).toEqual({ zstdLevel: 1, brotliQuality: 3, gzipLevel: 4 });
		const body = Buffer.from(page);
		expect(pageCompressors.br(body)).toEqual(
			brotliCompressSync(body, {
				params: {
					[constants.BROTLI_PARAM_QUALITY]: 3,
					[constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
				},
			}),
		);
		expect(pageCompressors.gzip(body)).toEqual(gzipSync(body, { level: 4 }));
		expect(pageCompressors.zstd(body)).toEqual(
			zstdCompressSync(body, {
				pledgedSrcSize: body.byteLength,
				params: { [constants.ZSTD_c_compressionLevel]: 1 },
			}),
		);
		expect(pageCompressors.br(body)).not.toEqual(
			brotliCompressSync(body, {
				params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
			}),
		);
	});

	it('goes by zstd, then brotli (Safari takes no zstd), then gzip', async () => {
		expect(pageEncodings).toEqual(['zstd', 'br', 'gzip']);
		expect(preferredEncoding('gzip, deflate, br, zstd', pageEncodings)).toBe('zstd');
		expect(preferredEncoding('gzip, deflate, br', pageEncodings)).toBe('br');
		expect(preferredEncoding('gzip, deflate', pageEncodings)).toBe('gzip');
		const safari = await get('/page?as=page', { 'accept-encoding': 'gzip, deflate, br' });
		expect(safari.headers['content-encoding']).toBe('br');
		// The API's answers keep to zstd and gzip.
		const json = await get('/long', { 'accept-encoding': 'gzip, deflate, br' });
		expect(json.headers['content-encoding']).toBe('gzip');
	});
});

describe('bodyFor', () => {
	it('sends a kept body quickly compressed until its smallest bytes are made, then those', async () => {
		const kept = keptBody(Buffer.from(page));
		const first = bodyFor(kept, 'gzip, deflate, br, zstd');
		expect(first.encoding).toBe('br');
		expect(brotliDecompressSync(first.body).toString()).toBe(page);
		await vi.waitFor(() => expect(kept.compressed.br).toBeDefined());
		const later = bodyFor(kept, 'br');
		expect(later.body).toBe(kept.compressed.br);
		expect(brotliDecompressSync(later.body).toString()).toBe(page);
		expect(gunzipSync(bodyFor(kept, 'gzip').body).toString()).toBe(page);
		expect(bodyFor(kept, undefined)).toEqual({ encoding: undefined, body: kept.body });
		expect(bodyFor(keptBody(Buffer.from('short')), 'br').encoding).toBeUndefined();
	});
});
