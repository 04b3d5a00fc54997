import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { bodyFor, type KeptBody, keptBody } from './http/whole-json-compression';

/** The types of the files a build writes beside its pages (scripts, styles, images, fonts). */
const contentTypes: Record<string, string> = {
	'.js': 'text/javascript; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.webmanifest': 'application/manifest+json; charset=utf-8',
	'.txt': 'text/plain; charset=utf-8',
	'.xml': 'application/xml; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.png': 'image/png',
	'.jpg': 'image/jpeg',
	'.jpeg': 'image/jpeg',
	'.webp': 'image/webp',
	'.avif': 'image/avif',
	'.gif': 'image/gif',
	'.ico': 'image/x-icon',
	'.woff2': 'font/woff2',
	'.woff': 'font/woff',
};

interface StaticFile {
	body: Buffer;
	headers: Record<string, string>;
	etag: string;
	/** Text with what it has been compressed to (`bodyFor`); images are sent as they are. */
	text: KeptBody | null;
}

function filesUnder(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return filesUnder(path);
		return entry.isFile() ? [path] : [];
	});
}

/**
 * Serves the files the build wrote beside its pages (`dist/client`: the hashed scripts and styles
 * under `/_astro/`, the favicon, the share images) from memory: read once at start, about a
 * megabyte and a half, so a request costs no look at the disk. The pages themselves (`.html`) are
 * the prerendered pages' handler's. Hashed files never change under their name: browsers keep
 * them a year; the others revalidate with their ETag, and `uncached` ones (the service worker)
 * are not kept by any cache at all. Text is compressed once per encoding (`bodyFor`).
 */
export function staticFilesIn(
	clientDir: string,
	{
		assetsDir = '_astro',
		uncached = [],
	}: { assetsDir?: string; uncached?: readonly string[] } = {},
): (req: IncomingMessage, res: ServerResponse) => boolean {
	const files = new Map<string, StaticFile>();
	for (const file of filesUnder(clientDir)) {
		const type = contentTypes[extname(file).toLowerCase()];
		if (!type) continue;
		const path = `/${relative(clientDir, file).split(sep).join('/')}`;
		const body = readFileSync(file);
		const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
		files.set(path, {
			body,
			etag,
			text: /^(text\/|application\/|image\/svg)/.test(type) ? keptBody(body) : null,
			headers: {
				'Content-Type': type,
				'Cache-Control': path.startsWith(`/${assetsDir}/`)
					? 'public, max-age=31536000, immutable'
					: uncached.includes(path)
						? 'no-cache'
						: 'public, max-age=0',
				ETag: etag,
				'Last-Modified': statSync(file).mtime.toUTCString(),
			},
		});
	}

	return (req, res) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return false;
		const file = files.get((req.url ?? '/').split('?')[0]!);
		if (!file) return false;
		for (const [name, value] of Object.entries(file.headers)) res.setHeader(name, value);
		if (req.headers['if-none-match'] === file.etag) {
			res.writeHead(304).end();
			return true;
		}
		const sent = file.text
			? bodyFor(file.text, req.headers['accept-encoding'])
			: { encoding: undefined, body: file.body };
		if (file.text) res.setHeader('Vary', 'Accept-Encoding');
		if (sent.encoding) res.setHeader('Content-Encoding', sent.encoding);
		res.setHeader('Content-Length', sent.body.byteLength);
		res.end(req.method === 'HEAD' ? undefined : sent.body);
		return true;
	};
}
