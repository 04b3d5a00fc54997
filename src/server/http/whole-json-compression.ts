import { hash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import {
	brotliCompress,
	brotliCompressSync,
	constants,
	gzip,
	gzipSync,
	zstdCompress,
	zstdCompressSync,
} from 'node:zlib';

/** Below this, compressing saves less than it costs. */
export const minimumBytes = 1024;

/** The encodings the API compresses with, best first: the same size, zstd in half gzip's time. */
const encodings = ['zstd', 'gzip'] as const;
export type Encoding = (typeof encodings)[number];

/**
 * For bodies compressed once and kept: brotli first, the smallest of the three at its best level
 * (a tenth smaller than gzip's best on the site's scripts), whatever the time it takes once.
 */
const keptEncodings = ['br', 'zstd', 'gzip'] as const;
export type KeptEncoding = (typeof keptEncodings)[number];

/**
 * Told the size, zstd sizes its tables to the answer instead of to a stream of any length; at
 * level 1 a page of cards takes 40% less time than at the default level 3 and is no larger.
 */
const zstdOptions = (body: Buffer) => ({
	pledgedSrcSize: body.byteLength,
	params: { [constants.ZSTD_c_compressionLevel]: 1 },
});

export const compressors: Record<Encoding, (body: Buffer) => Buffer> = {
	zstd: (body) => zstdCompressSync(body, zstdOptions(body)),
	gzip: (body) => gzipSync(body),
};

/**
 * The encodings a page rendered on the server is compressed with, best first: zstd for the
 * browsers that take it, brotli for those that take brotli but not zstd (Safari), gzip for the
 * rest. Chosen by measurement on the rendered item page, item list and home page (decision 043):
 * zstd at level 1 takes a fifth of a millisecond on an item page of 59 KB; brotli at quality 3
 * takes half the time of gzip's default level for a page within a few percent of its size, and
 * gzip at level 4 two thirds of its default's time for a page 3% larger. Higher settings cost
 * more CPU on every render than the bytes they save are worth on a page sent once; brotli's best
 * (quality 11) stays for the build's files, compressed once (`bodyFor`).
 */
export const pageEncodings = ['zstd', 'br', 'gzip'] as const;
export type PageEncoding = (typeof pageEncodings)[number];

/** The settings of each page encoding (`pageEncodings`). */
export const pageCompression = {
	zstdLevel: 1,
	brotliQuality: 3,
	gzipLevel: 4,
} as const;

const pageSettings = (body: Buffer) => ({
	zstd: zstdOptions(body),
	br: {
		params: {
			[constants.BROTLI_PARAM_QUALITY]: pageCompression.brotliQuality,
			[constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
		},
	},
	gzip: { level: pageCompression.gzipLevel },
});

/** Compresses a page rendered on the server with `encoding`, at the settings of `pageCompression`. */
export const pageCompressors: Record<PageEncoding, (body: Buffer) => Buffer> = {
	zstd: (body) => zstdCompressSync(body, pageSettings(body).zstd),
	br: (body) => brotliCompressSync(body, pageSettings(body).br),
	gzip: (body) => gzipSync(body, pageSettings(body).gzip),
};

const zstdInPool = promisify(zstdCompress);
const gzipInPool = promisify(gzip);
const brotliInPool = promisify(brotliCompress);

/**
 * The encoding to compress an answer with for this `Accept-Encoding`: of zstd and gzip (or the
 * `choices` given), the one the client weighs highest (named, or covered by `*`), the first on a
 * tie; none when it takes none of them.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined;
export function preferredEncoding<E extends string>(
	acceptEncoding: string | undefined,
	choices: readonly E[],
): E | undefined;
export function preferredEncoding(
	acceptEncoding: string | undefined,
	choices: readonly string[] = encodings,
): string | undefined {
	const weights = new Map<string, number>();
	for (const entry of (acceptEncoding ?? '').split(',')) {
		const [coding = '', ...parameters] = entry.trim().toLowerCase().split(';');
		const weight = parameters.map((parameter) => parameter.trim()).find((p) => p.startsWith('q='));
		weights.set(coding.trim(), weight === undefined ? 1 : Number(weight.slice(2)) || 0);
	}
	let best: string | undefined;
	let bestWeight = 0;
	for (const encoding of choices) {
		const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
		if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
	}
	return best;
}

/** Settings by which the smallest bytes each encoding makes are found, whatever the time. */
const smallestSettings = (body: Buffer) => ({
	br: {
		params: {
			[constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
			[constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
		},
	},
	zstd: {
		pledgedSrcSize: body.byteLength,
		params: { [constants.ZSTD_c_compressionLevel]: 19 },
	},
	gzip: { level: constants.Z_BEST_COMPRESSION },
});

const inPool = {
	br: brotliInPool,
	zstd: zstdInPool,
	gzip: gzipInPool,
};

/** Until the smallest bytes are ready: quick settings, in this thread. */
const quickCompressors: Record<KeptEncoding, (body: Buffer) => Buffer> = {
	...compressors,
	br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
};

/** A body sent for the life of the process, and what it has been compressed to so far. */
export interface KeptBody {
	body: Uint8Array;
	compressed: Partial<Record<KeptEncoding, Uint8Array>>;
	/** Encodings being compressed in libuv's pool. */
	compressing: Set<KeptEncoding>;
}

export function keptBody(body: Uint8Array): KeptBody {
	return { body, compressed: {}, compressing: new Set() };
}

/**
 * A body sent again and again (a prerendered page, a script) as the request takes it, in its
 * preferred encoding. The smallest bytes of each encoding are made once, in libuv's pool, when a
 * request first takes that encoding (brotli's best takes half a second on the largest script);
 * until they are ready, requests get the body compressed quickly in this thread. Bodies under
 * 1 KB go as they are.
 */
export function bodyFor(
	kept: KeptBody,
	acceptEncoding: string | undefined,
): { encoding: KeptEncoding | undefined; body: Uint8Array } {
	const { body, compressed, compressing } = kept;
	const encoding =
		body.byteLength >= minimumBytes ? preferredEncoding(acceptEncoding, keptEncodings) : undefined;
	if (!encoding) return { encoding, body };
	const smallest = compressed[encoding];
	if (smallest) return { encoding, body: smallest };
	const plain = asBuffer(body);
	if (!compressing.has(encoding)) {
		compressing.add(encoding);
		const settings = smallestSettings(plain)[encoding];
		(inPool[encoding] as (body: Buffer, settings: object) => Promise<Buffer>)(plain, settings).then(
			(bytes) => (compressed[encoding] = bytes),
			// Tried again by a later request.
			() => compressing.delete(encoding),
		);
	}
	return { encoding, body: quickCompressors[encoding](plain) };
}

/**
 * Answers compressed lately, by encoding and a digest of the body, the most recently used last.
 * Most answers repeat until an item changes (the first page of a list, a popular search, the
 * newest items), and compressing is the dearest step of sending one: setting up a compressor
 * alone takes longer than digesting a page of cards. An entry keeps its body and is used only for
 * the very same bytes (bytes written over since fail that test and are compressed anew), so an
 * answer is never sent to anyone whose own answer differs.
 */
export class CompressedAnswers {
	readonly #entries = new Map<string, { body: string | Uint8Array; compressed: Buffer }>();
	#bytes = 0;

	/** @param maxBytes what bodies and compressed bodies may take together */
	constructor(readonly maxBytes: number) {}

	/** `body` compressed with `encoding`, compressed now or remembered from an earlier answer. */
	compress(encoding: Encoding, body: string | Uint8Array): Buffer {
		const key = `${encoding}:${hash('sha1', body, 'base64url')}`;
		const entry = this.#entries.get(key);
		if (entry && sameBytes(entry.body, body)) {
			this.#entries.delete(key);
			this.#entries.set(key, entry);
			return entry.compressed;
		}
		const compressed = compressors[encoding](asBuffer(body));
		const size = byteLength(body) + compressed.byteLength;
		if (size <= this.maxBytes / 16) {
			if (entry) this.#forget(key);
			this.#entries.set(key, { body, compressed });
			this.#bytes += size;
			for (const oldest of this.#entries.keys()) {
				if (this.#bytes <= this.maxBytes) break;
				this.#forget(oldest);
			}
		}
		return compressed;
	}

	/** How many answers are kept. */
	get size(): number {
		return this.#entries.size;
	}

	#forget(key: string): void {
		const entry = this.#entries.get(key);
		if (!entry) return;
		this.#entries.delete(key);
		this.#bytes -= byteLength(entry.body) + entry.compressed.byteLength;
	}
}

function sameBytes(a: string | Uint8Array, b: string | Uint8Array): boolean {
	if (typeof a === 'string' && typeof b === 'string') return a === b;
	return asBuffer(a).equals(asBuffer(b));
}

/** The compressed answers of this process: a few megabytes, hundreds of pages of cards. */
const compressedAnswers = new CompressedAnswers(8 * 1024 * 1024);

function asBuffer(chunk: string | Uint8Array): Buffer {
	return typeof chunk === 'string'
		? Buffer.from(chunk)
		: Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

function byteLength(chunk: string | Uint8Array): number {
	return typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
}

function headerValue(headers: OutgoingHttpHeaders, name: string): string | undefined {
	const key = Object.keys(headers).find((header) => header.toLowerCase() === name);
	const value = key === undefined ? undefined : headers[key];
	return value === undefined ? undefined : String(value);
}

function setHeader(headers: OutgoingHttpHeaders, name: string, value: string | undefined): void {
	for (const key of Object.keys(headers)) if (key.toLowerCase() === name) delete headers[key];
	if (value !== undefined) headers[name] = value;
}

/**
 * Compresses the API's JSON answers of 1 KB or more in one synchronous step, once the whole answer
 * is written, with zstd for the browsers that take it and gzip for the rest. API answers are small
 * documents written at once (a page of cards is about 9 KB): for those a compression stream costs
 * more to set up than the compressing itself, and zstd and gzip come within a few percent of
 * brotli's size in a fraction of its time. An answer sent before is not compressed again
 * (`CompressedAnswers`). Anything that streams (headers flushed before the end) passes through
 * untouched.
 */
export function compressWholeJson(req: IncomingMessage, res: ServerResponse): void {
	compressWhole(req, res, { types: ['application/json'], page: false });
}

/** What the site renders: pages, and islands' texts (JSON), the sitemaps (XML) and robots.txt. */
const renderedTypes = ['text/html', 'application/json', 'application/xml', 'text/plain'] as const;

/**
 * Compresses a page rendered on the server whole and at once, on the main thread, at the settings
 * of `pageCompression` (decision 043): Astro renders a page in full before it ends it, and one
 * compression of the whole takes a fraction of the CPU of a compression stream. So are the texts,
 * sitemaps and robots.txt it renders; answers of another type (a photo, a download) stream
 * through untouched. Not remembered here: the page cache keeps its answers.
 */
export function compressWholePage(req: IncomingMessage, res: ServerResponse): void {
	compressWhole(req, res, { types: renderedTypes, page: true });
}

function compressWhole(
	req: IncomingMessage,
	res: ServerResponse,
	{ types, page }: { types: readonly string[]; page: boolean },
): void {
	const compressible = (type: string) => types.some((each) => type.startsWith(each));
	const accepted = req.headers['accept-encoding'];
	const encoding =
		req.method === 'HEAD'
			? undefined
			: page
				? preferredEncoding(accepted, pageEncodings)
				: preferredEncoding(accepted);
	const writeHead = res.writeHead.bind(res);
	const write = res.write.bind(res);
	const end = res.end.bind(res);
	const flushHeaders = res.flushHeaders.bind(res);
	let head: { status: number; headers: OutgoingHttpHeaders } | undefined;
	const chunks: Array<string | Uint8Array> = [];

	const restore = () => {
		Object.assign(res, { writeHead, write, end, flushHeaders });
	};
	const sendHead = () => {
		if (head) writeHead(head.status, head.headers);
		head = undefined;
	};

	res.writeHead = ((status: number, headers?: OutgoingHttpHeaders) => {
		const type = headerValue({ ...headers }, 'content-type') ?? res.getHeader('content-type');
		if (type !== undefined && !compressible(String(type))) {
			// Not what this compresses (a photo, a download): it streams through as it is written.
			restore();
			return writeHead(status, headers);
		}
		head = { status, headers: { ...headers } };
		return res;
	}) as ServerResponse['writeHead'];
	res.write = ((chunk: string | Uint8Array) => {
		chunks.push(chunk);
		return true;
	}) as ServerResponse['write'];
	res.flushHeaders = () => {
		// A stream: send what was held back and let the rest through as it comes.
		restore();
		sendHead();
		for (const chunk of chunks.splice(0)) write(chunk);
		flushHeaders();
	};
	res.end = ((chunk?: string | Uint8Array | (() => void)) => {
		restore();
		if (chunk !== undefined && typeof chunk !== 'function') chunks.push(chunk);
		// A body written at once (every API answer) goes out as written: a string leaves in one
		// write with the head, where a buffer takes a second.
		const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks.map(asBuffer));
		const compressing =
			head &&
			compressible(headerValue(head.headers, 'content-type') ?? '') &&
			encoding &&
			byteLength(body) >= minimumBytes &&
			!headerValue(head.headers, 'content-encoding')
				? encoding
				: undefined;
		if (head && compressible(headerValue(head.headers, 'content-type') ?? '')) {
			const vary = headerValue(head.headers, 'vary');
			setHeader(head.headers, 'vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
		}
		const finish = (sent: string | Uint8Array, sentEncoding: PageEncoding | undefined) => {
			if (head && sentEncoding) {
				setHeader(head.headers, 'content-encoding', sentEncoding);
				setHeader(head.headers, 'content-length', String(byteLength(sent)));
				// The bytes differ from the uncompressed answer's: its tag holds only weakly.
				const etag = headerValue(head.headers, 'etag');
				if (etag && !etag.startsWith('W/')) setHeader(head.headers, 'etag', `W/${etag}`);
			}
			sendHead();
			return end(sent);
		};
		if (!compressing) return finish(body, undefined);
		if (!page) {
			const json = compressing as Encoding;
			return finish(compressedAnswers.compress(json, body), json);
		}
		// A page is compressed here, at once: zstd 1 takes an item page 0.06 ms of CPU, where
		// handing the same work to libuv's pool cost the process 0.15–0.22 ms (decision 043).
		// Should compressing fail, the page goes out as it is.
		let compressed: Buffer;
		try {
			compressed = pageCompressors[compressing](asBuffer(body));
		} catch {
			return finish(body, undefined);
		}
		return finish(compressed, compressing);
	}) as ServerResponse['end'];
}
