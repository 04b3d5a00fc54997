import { localeOfPath } from '~/lib/i18n/locales';
import type { Database } from '~/server/db/client';
import { matches } from '~/server/http/etag';
import {
	type CachedPage,
	PageCache,
	publicPageCacheControl,
	publicPageVary,
} from '~/server/http/page-cache';
import { pageVersionSource, readPageVersion } from '~/server/page-versions';

/** What answering a signed-out page needs: the database its version is read from, the cache. */
export interface PublicPageDeps {
	db: Database;
	cache: PageCache;
	/** Differs between builds, so a deploy's new scripts and styles never meet an old page's 304. */
	buildId: string;
}

/** This process's pages (decision 031). */
export const processPageCache = new PageCache();

function answerFromCache(page: CachedPage, method: string): Response {
	return new Response(method === 'HEAD' ? null : page.body.slice(), {
		status: page.status,
		headers: page.headers,
	});
}

/** A page whose rendering no one else may share: it sets a cookie or names its own caching. */
function isPersonal(response: Response): boolean {
	return response.headers.has('Set-Cookie') || response.headers.has('Cache-Control');
}

/**
 * Answers a signed-out visitor's page: for a list, city, public profile or item page, its data
 * version is read first (one tiny query), and is the page's ETag, so a revalidation that matches
 * costs nothing more; else a page rendered in the last seconds for the same path, query,
 * language and version is sent again; else `render` renders it and, a plain 200 to a GET, it is
 * kept. Other pages are rendered as they are.
 */
export async function answerPublicPage(
	deps: PublicPageDeps,
	request: Request,
	render: () => Promise<Response>,
): Promise<Response> {
	const url = new URL(request.url);
	const source =
		request.method === 'GET' || request.method === 'HEAD' ? pageVersionSource(url.pathname) : null;
	if (!source) return render();
	const version = await readPageVersion(deps.db, source);
	if (version === null) return render();
	const locale = localeOfPath(url.pathname);
	const tag = `"${deps.buildId}.${locale}.${version}"`;
	const caching = {
		// Weak: the gzip and plain bytes of one version are the same page.
		ETag: `W/${tag}`,
		'Cache-Control': publicPageCacheControl,
		Vary: publicPageVary,
	};
	if (matches(request.headers.get('If-None-Match') ?? undefined, tag)) {
		return new Response(null, { status: 304, headers: caching });
	}
	const key = `${locale} ${version} ${url.pathname}${url.search}`;
	const cached = deps.cache.get(key);
	if (cached) return answerFromCache(cached, request.method);
	const response = await render();
	if (response.status !== 200 || isPersonal(response)) return response;
	const headers = new Headers(response.headers);
	for (const [name, value] of Object.entries(caching)) headers.set(name, value);
	if (request.method !== 'GET') return new Response(response.body, { status: 200, headers });
	const page: CachedPage = {
		status: 200,
		headers: [...headers],
		body: new Uint8Array(await response.arrayBuffer()),
		storedAt: Date.now(),
	};
	deps.cache.set(key, page);
	return answerFromCache(page, request.method);
}
