/**
 * The micro-cache of signed-out server-rendered pages (decision 031): each process keeps a
 * rendered page for a few seconds under its path, query, language and data version. A write on
 * any process raises the version it was stored under, so no process serves a page older than the
 * version it has just read.
 */

/** A rendered page as stored: its status, its headers (the policy with its hashes among them). */
export interface CachedPage {
	status: number;
	headers: [string, string][];
	body: Uint8Array;
	storedAt: number;
	/** The answers sent of it so far, by encoding (`identity` uncompressed), for the next ones. */
	sent: Partial<Record<string, { headers: Record<string, string>; body: Uint8Array }>>;
}

export interface PageCacheOptions {
	/** How long a page is served from memory. */
	ttlMs: number;
	/** Beyond it, the oldest pages go first. */
	maxEntries: number;
	/** What pages and their compressed forms may take together; beyond it the oldest go first. */
	maxBytes: number;
	/** A larger page is rendered each time rather than kept. */
	maxBodyBytes: number;
}

export const pageCacheDefaults: PageCacheOptions = {
	ttlMs: 5_000,
	maxEntries: 1_000,
	maxBytes: 64 * 1024 * 1024,
	maxBodyBytes: 512 * 1024,
};

/**
 * What a shared cache (a CDN) may do with a signed-out page: keep it a few seconds, serve it a
 * little longer while it asks again, and ask the site with the ETag after that.
 */
export const publicPageCacheControl = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';

/** Pages for someone signed in are theirs alone. */
export const privatePageCacheControl = 'private, no-store';

/** A signed-out page and a signed-in one share a URL: a shared cache keys them by the cookie. */
export const publicPageVary = 'Cookie';

export class PageCache {
	readonly #pages = new Map<string, CachedPage>();
	readonly #rendering = new Map<string, Promise<CachedPage | undefined>>();
	readonly #options: PageCacheOptions;
	#bytes = 0;

	constructor(options: Partial<PageCacheOptions> = {}) {
		this.#options = { ...pageCacheDefaults, ...options };
	}

	/** The page stored under `key` and still fresh at `now`. */
	get(key: string, now = Date.now()): CachedPage | undefined {
		const page = this.#pages.get(key);
		if (!page) return undefined;
		if (now - page.storedAt < this.#options.ttlMs) return page;
		this.#forget(key);
		return undefined;
	}

	/**
	 * The render of the page under `key` in progress, if one is: a request for that page waits for
	 * it rather than rendering the page again, so a page that expires under load is rendered once,
	 * not once by every request that arrives while it renders. It gives the page, or undefined
	 * when the render made none to share (an error, a redirect, a personal page).
	 */
	rendering(key: string): Promise<CachedPage | undefined> | undefined {
		return this.#rendering.get(key);
	}

	/** Runs `render` as the render of `key` that `rendering` gives while it runs. */
	async renderOnce(
		key: string,
		render: () => Promise<CachedPage | undefined>,
	): Promise<CachedPage | undefined> {
		const page = render();
		const shared = page.catch(() => undefined);
		this.#rendering.set(key, shared);
		try {
			return await page;
		} finally {
			if (this.#rendering.get(key) === shared) this.#rendering.delete(key);
		}
	}

	/** Keeps `page` unless it is too large; returns whether it was kept. */
	set(key: string, page: CachedPage): boolean {
		if (page.body.byteLength > this.#options.maxBodyBytes) return false;
		this.#forget(key);
		this.#pages.set(key, page);
		this.#bytes += bytesOf(page);
		this.#trim();
		return true;
	}

	/** Keeps an answer sent of the page under `key` (compressed, say) with it, for the next. */
	keepSent(key: string, encoding: string, answer: CachedPage['sent'][string] & {}): void {
		const page = this.#pages.get(key);
		if (!page || page.sent[encoding]) return;
		page.sent[encoding] = answer;
		this.#bytes += extraBytes(page, answer.body);
		this.#trim();
	}

	get size(): number {
		return this.#pages.size;
	}

	/** What the kept pages and their answers take, in bytes. */
	get bytes(): number {
		return this.#bytes;
	}

	#forget(key: string): void {
		const page = this.#pages.get(key);
		if (!page) return;
		this.#pages.delete(key);
		this.#bytes -= bytesOf(page);
	}

	#trim(): void {
		// A Map iterates in insertion order: the first keys are the oldest.
		for (const oldest of this.#pages.keys()) {
			if (this.#pages.size <= this.#options.maxEntries && this.#bytes <= this.#options.maxBytes) {
				break;
			}
			this.#forget(oldest);
		}
	}
}

function bytesOf(page: CachedPage): number {
	let bytes = page.body.byteLength;
	for (const answer of Object.values(page.sent)) if (answer) bytes += extraBytes(page, answer.body);
	return bytes;
}

/** What an answer's body adds to its page's: nothing when it is the page's own bytes. */
function extraBytes(page: CachedPage, body: Uint8Array): number {
	return body === page.body ? 0 : body.byteLength;
}
