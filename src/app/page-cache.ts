import type { IncomingMessage, ServerResponse } from 'node:http';
import { localeOfPath } from '~/lib/i18n/locales';
import type { Database } from '~/server/db/client';
import { matches } from '~/server/http/etag';
import {
	type CachedPage,
	PageCache,
	publicPageCacheControl,
	publicPageVary,
} from '~/server/http/page-cache';
import {
	minimumBytes,
	pageCompressors,
	pageEncodings,
	preferredEncoding,
} from '~/server/http/whole-json-compression';
import { pageVersionSource, readPageVersion } from '~/server/page-versions';

/** What answering a signed-out page needs: the database its version is read from, the cache. */
export interface PublicPageDeps {
	db: Database;
	cache: PageCache;
	/** Differs between builds, so a deploy's new scripts and styles never meet an old page's 304. */
	buildId: string;
}

const pageCacheKey = Symbol.for('hibahin.pageCache');
type GlobalWithPageCache = typeof globalThis & { [pageCacheKey]?: PageCache };

/**
 * This process's pages (decision 031). Kept on `globalThis`: the site's bundle stores them and
 * the server runtime's bundle, in front of it, answers from them.
 */
export const processPageCache = ((globalThis as GlobalWithPageCache)[pageCacheKey] ??=
	new PageCache());

/** A page's ETag (its tag as sent, weak) and the headers that let a CDN keep it. */
function versionCaching(deps: PublicPageDeps, pathname: string, version: string) {
	const locale = localeOfPath(pathname);
	const tag = `"${deps.buildId}.${locale}.${version}"`;
	return {
		tag,
		key: (search: string) => `${locale} ${version} ${pathname}${search}`,
		headers: {
			// Weak: the compressed and plain bytes of one version are the same page.
			ETag: `W/${tag}`,
			'Cache-Control': publicPageCacheControl,
			Vary: publicPageVary,
		},
	};
}

/**
 * Where Astro keeps the bytes of a page it rendered whole (decision 053): read there, they need no
 * web stream around them, and an answer that carries them is sent by Astro's Node adapter as
 * they are.
 */
const responseBytes = Symbol.for('astro.responseBytes');
type WithBytes = Response & { [responseBytes]?: Uint8Array };

function answerFromCache(page: CachedPage, method: string): Response {
	const init = { status: page.status, headers: page.headers };
	if (method === 'HEAD') return new Response(null, init);
	const answer: WithBytes = new Response(page.body as Uint8Array<ArrayBuffer>, init);
	answer[responseBytes] = page.body;
	return answer;
}

/** A page whose rendering no one else may share: it sets a cookie or names its own caching. */
function isPersonal(response: Response): boolean {
	return response.headers.has('Set-Cookie') || response.headers.has('Cache-Control');
}

/**
 * Answers a signed-out visitor's page: for a list, city, public profile or item page, its data
 * version is read first (one tiny query; `knownVersion` when the server in front has just read
 * it), and is the page's ETag, so a revalidation that matches costs nothing more; else a page
 * rendered in the last seconds for the same path, query, language and version is sent again,
 * or the one being rendered now is waited for; else `render` renders it and, a plain 200 to a
 * GET, it is kept. Other pages are rendered as they are.
 */
export async function answerPublicPage(
	deps: PublicPageDeps,
	request: Request,
	render: () => Promise<Response>,
	knownVersion?: string,
): Promise<Response> {
	const url = new URL(request.url);
	const source =
		request.method === 'GET' || request.method === 'HEAD' ? pageVersionSource(url.pathname) : null;
	if (!source) return render();
	const version = knownVersion ?? (await readPageVersion(deps.db, source));
	if (version === null) return render();
	const caching = versionCaching(deps, url.pathname, version);
	if (matches(request.headers.get('If-None-Match') ?? undefined, caching.tag)) {
		return new Response(null, { status: 304, headers: caching.headers });
	}
	const key = caching.key(url.search);
	const kept = deps.cache.get(key) ?? (await deps.cache.rendering(key));
	if (kept) return answerFromCache(kept, request.method);
	let answer: Response | undefined;
	const page = await deps.cache.renderOnce(key, async () => {
		const response = await render();
		answer = response;
		if (response.status !== 200 || isPersonal(response)) return undefined;
		const headers = new Headers(response.headers);
		for (const [name, value] of Object.entries(caching.headers)) headers.set(name, value);
		if (request.method !== 'GET') {
			answer = new Response(response.body, { status: 200, headers });
			return undefined;
		}
		const rendered: CachedPage = {
			status: 200,
			headers: [...headers],
			body: (response as WithBytes)[responseBytes] ?? new Uint8Array(await response.arrayBuffer()),
			storedAt: Date.now(),
			sent: {},
		};
		deps.cache.set(key, rendered);
		return rendered;
	});
	return page ? answerFromCache(page, request.method) : answer!;
}

/** What the server in front found: the answer sent, or the version a render should be of. */
export type CachedPageLookup = { answered: true } | { answered: false; pageVersion?: string };

/** Whether the `Cookie` header holds a non-empty cookie named `name` (as Astro's cookies read). */
export function hasCookie(header: string | undefined, name: string): boolean {
	for (const pair of (header ?? '').split(';')) {
		const separator = pair.indexOf('=');
		if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
		// The first cookie of the name is the one read.
		return (
			pair
				.slice(separator + 1)
				.trim()
				.replace(/^"|"$/g, '') !== ''
		);
	}
	return false;
}

/**
 * Sends a kept page straight to the socket: its bytes compressed once per encoding, at the first
 * request that takes that encoding, and the same bytes to every request after it.
 */
function sendCachedPage(
	{ cache, key, page }: { cache: PageCache; key: string; page: CachedPage },
	req: IncomingMessage,
	res: ServerResponse,
): void {
	const encoding =
		page.body.byteLength >= minimumBytes
			? preferredEncoding(req.headers['accept-encoding'], pageEncodings)
			: undefined;
	let answer = page.sent[encoding ?? 'identity'];
	if (!answer) {
		const body = encoding
			? pageCompressors[encoding](
					Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength),
				)
			: page.body;
		const headers: Record<string, string> = Object.fromEntries(page.headers);
		headers.vary = `${publicPageVary}, Accept-Encoding`;
		if (encoding) headers['content-encoding'] = encoding;
		headers['content-length'] = String(body.byteLength);
		answer = { headers, body };
		cache.keepSent(key, encoding ?? 'identity', answer);
	}
	res.writeHead(page.status, answer.headers);
	res.end(req.method === 'HEAD' ? undefined : answer.body);
}

/**
 * In front of the site, before Astro: a signed-out GET or HEAD of a page `answerPublicPage`
 * keeps is answered here when its ETag matches (304) or a rendering of its version is kept,
 * without building a request for Astro and without compressing it again. Else the version read
 * goes with the request to the render, so it is read once.
 */
export async function answerCachedPage(
	deps: PublicPageDeps,
	sessionCookie: string,
	req: IncomingMessage,
	res: ServerResponse,
): Promise<CachedPageLookup> {
	const target = req.url ?? '/';
	if (req.method !== 'GET' && req.method !== 'HEAD') return { answered: false };
	// A NUL names no page (the site's middleware answers 404); a session's pages are its own.
	if (/%00/i.test(target) || hasCookie(req.headers.cookie, sessionCookie)) {
		return { answered: false };
	}
	const url = new URL(target, 'http://site.invalid');
	const source = pageVersionSource(url.pathname);
	if (!source) return { answered: false };
	const version = await readPageVersion(deps.db, source);
	if (version === null) return { answered: false };
	const caching = versionCaching(deps, url.pathname, version);
	const ifNoneMatch = req.headers['if-none-match'];
	if (matches(ifNoneMatch, caching.tag)) {
		res.writeHead(304, caching.headers).end();
		return { answered: true };
	}
	const key = caching.key(url.search);
	const page = deps.cache.get(key) ?? (await deps.cache.rendering(key));
	if (!page) return { answered: false, pageVersion: version };
	sendCachedPage({ cache: deps.cache, key, page }, req, res);
	return { answered: true };
}
