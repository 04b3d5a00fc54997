import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

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

const safeKey = /^[a-z]+\/[a-f0-9]{32}(-\d+)?\.webp$/;

/** Whether `key` has the shape of a key this site made (guards paths taken from URLs). */
export function isStorageKey(key: string): boolean {
	return safeKey.test(key);
}

const mediaPath = '/media/';

/** The public URL of a stored file: the site serves `/media/<key>` from storage. */
export function mediaUrl(key: string): string;
export function mediaUrl(key: string | null): string | null;
export function mediaUrl(key: string | null): string | null {
	return key === null ? null : `${mediaPath}${key}`;
}

/** The storage key in a media URL of this site, absolute or not; `''` for any other URL. */
export function mediaKeyOf(url: string): string {
	const path = url.replace(/^https?:\/\/[^/]+/, '');
	return path.startsWith(mediaPath) ? path.slice(mediaPath.length) : '';
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
			await writeFile(path, data);
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
		async list(prefix) {
			const names = await readdir(pathOf(prefix)).catch(() => [] as string[]);
			return Promise.all(
				names.map(async (name) => {
					const key = `${prefix}/${name}`;
					return { key, modifiedAt: (await stat(pathOf(key))).mtime };
				}),
			);
		},
	};
}
