import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { jakartaYear } from '~/lib/format';
import { bodyFor, type KeptBody, keptBody } from './http/whole-json-compression';

interface Page {
	body: Buffer;
	etag: string;
	lastModified: string;
	/** The body with what it has been compressed to (`bodyFor`). */
	sent: KeptBody;
}

function htmlFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return entry.name === '_astro' ? [] : htmlFiles(path);
		return entry.name === 'index.html' ? [path] : [];
	});
}

/**
 * The links of a page's head (canonical, hreflang, `og:url`) moved from the origin the page was
 * built with to `origin`. The body is left as written.
 */
export function moveHeadLinks(html: string, builtOn: string, origin: string): string {
	const end = html.indexOf('</head>');
	if (end < 0) return html;
	const escaped = builtOn.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	const links = new RegExp(`(\\s(?:href|content)=")${escaped}(?=[/"])`, 'g');
	return html.slice(0, end).replace(links, `$1${origin}`) + html.slice(end);
}

/** The footer's copyright year, written at build time, set to `year`. */
export function withCurrentYear(html: string, year: number): string {
	return html.replace(/(<span data-current-year>)\d+(<\/span>)/g, `$1${year}$2`);
}

/**
 * Serves the pages prerendered at build time as they should read on the day they are served:
 * the head's links on the site's public origin, which is read at run time (they were written
 * with the build's `SITE_URL`), and the footer's year the current one in Jakarta. Read once and
 * kept in memory, written again when the year turns.
 */
export function prerenderedPagesOn(
	clientDir: string,
	builtOn: string,
	origin: string,
	now: () => Date = () => new Date(),
): (req: IncomingMessage, res: ServerResponse) => boolean {
	const files = htmlFiles(clientDir).map((file) => ({
		html: moveHeadLinks(readFileSync(file, 'utf8'), builtOn, origin),
		lastModified: statSync(file).mtime.toUTCString(),
		folder: relative(clientDir, file).split(sep).slice(0, -1).join('/'),
	}));
	let written: { year: number; pages: Map<string, Page> } | null = null;

	function pagesOf(year: number): Map<string, Page> {
		if (written?.year === year) return written.pages;
		const pages = new Map<string, Page>();
		for (const { html, lastModified, folder } of files) {
			const body = Buffer.from(withCurrentYear(html, year));
			const page = {
				body,
				etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
				lastModified,
				sent: keptBody(body),
			};
			pages.set(`/${folder}`.replace(/\/$/, '') || '/', page);
			pages.set(`/${folder}/index.html`.replace('//', '/'), page);
		}
		written = { year, pages };
		return pages;
	}

	return (req, res) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return false;
		const path = (req.url ?? '/').split('?')[0]!.replace(/(.)\/+$/, '$1');
		const page = pagesOf(jakartaYear(now())).get(path);
		if (!page) return false;
		res.setHeader('Content-Type', 'text/html; charset=utf-8');
		res.setHeader('Cache-Control', 'public, max-age=0');
		res.setHeader('ETag', page.etag);
		res.setHeader('Last-Modified', page.lastModified);
		if (req.headers['if-none-match'] === page.etag) {
			res.writeHead(304).end();
			return true;
		}
		res.setHeader('Vary', 'Accept-Encoding');
		const sent = bodyFor(page.sent, req.headers['accept-encoding']);
		if (sent.encoding) res.setHeader('Content-Encoding', sent.encoding);
		res.setHeader('Content-Length', sent.body.byteLength);
		res.end(req.method === 'HEAD' ? undefined : sent.body);
		return true;
	};
}
