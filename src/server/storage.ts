import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** Where uploaded photos are kept: a folder by default, an S3-compatible bucket at scale. */
export interface Storage {
	put(key: string, data: Buffer, contentType: string): Promise<void>;
	get(key: string): Promise<Buffer | null>;
	delete(key: string): Promise<void>;
	/** Keys under `prefix` with their last change, for the sweeper. */
	list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]>;
}

/** A fresh random key under `prefix`, e.g. `avatars/3f9c…`. Names never come from uploads. */
export function newStorageKey(prefix: string): string {
	return `${prefix}/${randomBytes(16).toString('hex')}`;
}

const safeKey = /^[a-z]+\/[a-f0-9]{32}(-\d+)?(\.webp|-share\.jpg)$/;

/** Whether `key` has the shape of a key this site made (guards paths taken from URLs). */
export function isStorageKey(key: string): boolean {
	return safeKey.test(key);
}

/**
 * Where files that are never public are kept: organisations' supporting documents. Only routes
 * that check who asks serve them; `/media/` refuses them, and a bucket stores them uncacheable.
 */
export const privateStoragePrefix = 'documents';

/** Whether `key` names a private file (`privateStoragePrefix`). */
export function isPrivateStorageKey(key: string): boolean {
	return key.startsWith(`${privateStoragePrefix}/`);
}

/** Whether `/media/` may serve `key`: a key this site made, of a public file. */
export function isPublicStorageKey(key: string): boolean {
	return isStorageKey(key) && !isPrivateStorageKey(key);
}

const mediaPath = '/media/';

/**
 * Where photos are served from: the site's `/media/`, or the public bucket or CDN of
 * `MEDIA_BASE_URL`. One setting for the process, made when its context is built.
 */
let mediaBase = mediaPath;

/** Serves stored WebP photos from `baseUrl` (ending without `/`), or from `/media/` if `null`. */
export function useMediaBaseUrl(baseUrl: string | null): void {
	mediaBase = baseUrl ? `${baseUrl}/` : mediaPath;
}

/**
 * The public URL of a stored file: `/media/<key>`, served from storage by the site, or the same
 * key under `MEDIA_BASE_URL`. Link previews always come from the site, which makes them on their
 * first request.
 */
export function mediaUrl(key: string): string;
export function mediaUrl(key: string | null): string | null;
export function mediaUrl(key: string | null): string | null {
	if (key === null) return null;
	return `${key.endsWith('.webp') ? mediaBase : mediaPath}${key}`;
}

/** The storage key in a media URL of this site or its media base, absolute or not; else `''`. */
export function mediaKeyOf(url: string): string {
	if (mediaBase !== mediaPath && url.startsWith(mediaBase)) return url.slice(mediaBase.length);
	const path = url.replace(/^https?:\/\/[^/]+/, '');
	return path.startsWith(mediaPath) ? path.slice(mediaPath.length) : '';
}

/** The site's path of the link preview of the photo at `url` (a media URL). */
export function sharePreviewPath(url: string): string {
	const key = mediaKeyOf(url);
	return key ? `${mediaPath}${sharePreviewKey(key)}` : sharePreviewKey(url);
}

/**
 * The key of the link preview of the stored WebP `key` (`items/…-1280.webp` →
 * `items/…-1280-share.jpg`; a `/media/` path becomes the preview's path): a JPEG made on its
 * first request (`storedSharePreview`), deleted with its WebP (`deleteFiles`).
 */
export function sharePreviewKey(key: string): string {
	return key.replace(/\.webp$/, '-share.jpg');
}

/** The WebP a link preview is made from, or `null` when `key` names no link preview. */
export function sharePreviewSource(key: string): string | null {
	return key.endsWith('-share.jpg') ? key.replace(/-share\.jpg$/, '.webp') : null;
}

/** The type of a stored file, from its name: every file is one this site encoded. */
export function storedContentType(key: string): string {
	return key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp';
}

/**
 * Deletes stored WebP files, then their link previews; a file that cannot be deleted is left to
 * the sweeper. The previews go last: one being made while its WebP is deleted either comes after
 * this and is deleted here, or finds its WebP gone and deletes itself (`storedSharePreview`).
 */
export async function deleteFiles(storage: Storage, keys: readonly string[]): Promise<void> {
	const remove = (key: string) => storage.delete(key).catch(() => undefined);
	await Promise.all(keys.map(remove));
	await Promise.all(
		keys.filter((key) => key.endsWith('.webp')).map((key) => remove(sharePreviewKey(key))),
	);
}

/** Files under `root`. */
export function folderStorage(root: string): Storage {
	const pathOf = (key: string) => {
		const path = normalize(join(root, key));
		if (!path.startsWith(normalize(root))) throw new Error('Storage key escapes the folder');
		return path;
	};
	return {
		async put(key, data) {
			const path = pathOf(key);
			await mkdir(dirname(path), { recursive: true });
			// Written aside, flushed to the disk and renamed, so neither a reader (a link preview can
			// be read while another request writes it) nor a crash ever leaves half a file.
			const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
			const file = await open(partial, 'w');
			try {
				await file.writeFile(data);
				await file.sync();
			} finally {
				await file.close();
			}
			await rename(partial, path);
			// The rename itself lasts only once the folder is flushed too.
			const folder = await open(dirname(path), 'r');
			await folder.sync().finally(() => folder.close());
		},
		async get(key) {
			try {
				return await readFile(pathOf(key));
			} catch {
				return null;
			}
		},
		async delete(key) {
			await rm(pathOf(key), { force: true });
		},
		// Every file under the prefix, in subfolders too, as a bucket lists its keys: a folder is
		// not a key, and one the sweeper took for a file would stop it at every round.
		async list(prefix) {
			const folder = pathOf(prefix);
			const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(
				() => [],
			);
			return Promise.all(
				entries
					.filter((entry) => entry.isFile())
					.map(async (entry) => {
						const file = join(entry.parentPath, entry.name);
						const key = `${prefix}/${relative(folder, file).split(sep).join('/')}`;
						return { key, modifiedAt: (await stat(file)).mtime };
					}),
			);
		},
	};
}
