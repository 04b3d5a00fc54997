import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';

interface Page {
	body: Buffer;
	etag: string;
	lastModified: string;
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

/**
 * Serves the pages prerendered at build time with their head's links on the site's public
 * origin, which is read at run time: they were written with the build's `SITE_URL`. Read once
 * and kept in memory. `null` when the two are the same and the files are right as they are.
 */
export function prerenderedPagesOn(
	clientDir: string,
	builtOn: string,
	origin: string,
): ((req: IncomingMessage, res: ServerResponse) => boolean) | null {
	if (builtOn === origin) return null;
	const pages = new Map<string, Page>();
	for (const file of htmlFiles(clientDir)) {
		const body = Buffer.from(moveHeadLinks(readFileSync(file, 'utf8'), builtOn, origin));
		const page = {
			body,
			etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
			lastModified: statSync(file).mtime.toUTCString(),
		};
		const folder = relative(clientDir, file).split(sep).slice(0, -1).join('/');
		pages.set(`/${folder}`.replace(/\/$/, '') || '/', page);
		pages.set(`/${folder}/index.html`.replace('//', '/'), page);
	}
	return (req, res) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return false;
		const path = (req.url ?? '/').split('?')[0]!.replace(/(.)\/+$/, '$1');
		const page = pages.get(path);
		if (!page) return false;
		res.setHeader('Content-Type', 'text/html; charset=utf-8');
		res.setHeader('Cache-Control', 'public, max-age=0');
		res.setHeader('ETag', page.etag);
		res.setHeader('Last-Modified', page.lastModified);
		if (req.headers['if-none-match'] === page.etag) {
			res.writeHead(304).end();
			return true;
		}
		res.setHeader('Content-Length', page.body.length);
		res.end(req.method === 'HEAD' ? undefined : page.body);
		return true;
	};
}
