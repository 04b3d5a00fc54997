import { type APIRequestContext, request } from '@playwright/test';
import { fileOf, itemForm, noisyJpegBytes, validFields } from '../../helpers/items';

/** One request the load sent, and how it ended: a status, or 0 when no answer came. */
export interface Sent {
	method: 'GET' | 'POST';
	path: string;
	status: number;
	/** When it was sent, and when its answer (or the lack of one) came, in ms since the epoch. */
	at: number;
	ended: number;
}

/** A person of the load: their session cookie, sent through the proxy. */
export interface LoadUser {
	id: string;
	cookie: string;
}

/** What the load wrote and the site acknowledged with a 2xx. */
export interface Acknowledged {
	items: { id: number; name: string; photos: number }[];
	requests: { id: number; itemId: number }[];
}

const photosPerItem = 2;
/** Below the day's listing limit per donor, so the load never meets it. */
const itemsPerDonor = 18;
const readers = 3;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Background load through the proxy until `stop()`: readers walk the list pages, item pages and
 * the item API; each donor lists items with photos; each receiver asks for the newest item it has
 * not asked for yet. Every answer is recorded, and every acknowledged write kept for the check.
 */
export async function startLoad(
	publicUrl: string,
	people: { donors: LoadUser[]; receivers: LoadUser[] },
) {
	const sent: Sent[] = [];
	const acknowledged: Acknowledged = { items: [], requests: [] };
	let running = true;
	let listingsUnderWay = 0;
	const photo = fileOf(await noisyJpegBytes(1600, 1200));
	const origin = new URL(publicUrl).origin;

	async function clientOf(user?: LoadUser): Promise<APIRequestContext> {
		return request.newContext({
			baseURL: publicUrl,
			ignoreHTTPSErrors: true,
			extraHTTPHeaders: { Origin: origin, ...(user ? { Cookie: user.cookie } : {}) },
		});
	}

	/** Sends one request, records how it ended, and returns the answer's body when it was 2xx. */
	async function send(
		client: APIRequestContext,
		method: Sent['method'],
		path: string,
		options: Parameters<APIRequestContext['post']>[1] = {},
	): Promise<unknown> {
		const at = Date.now();
		try {
			const answer = await client.fetch(path, { ...options, method, maxRedirects: 0 });
			sent.push({ method, path, status: answer.status(), at, ended: Date.now() });
			if (!answer.ok() || !answer.headers()['content-type']?.includes('json')) return null;
			return ((await answer.json()) as { data: unknown }).data;
		} catch {
			sent.push({ method, path, status: 0, at, ended: Date.now() });
			return null;
		}
	}

	async function read(): Promise<void> {
		const client = await clientOf();
		for (let turn = 0; running; turn += 1) {
			const newest = acknowledged.items.at(-1 - (turn % 5))?.id;
			const paths = ['/items', '/en/items?search=kursi', '/api/items'];
			if (newest) paths.push(`/items/${newest}`, `/api/items/${newest}`);
			await send(client, 'GET', paths[turn % paths.length]!);
			await pause(50);
		}
		await client.dispose();
	}

	async function list(donor: LoadUser, index: number): Promise<void> {
		const client = await clientOf(donor);
		for (let count = 0; running && count < itemsPerDonor; count += 1) {
			const check = (await send(client, 'POST', '/api/verification/simulated')) as {
				token: string;
			} | null;
			if (!check) continue;
			const name = `Lemari beban ${index}-${count}`;
			const form = itemForm(validFields({ name }), Array(photosPerItem).fill(photo), {
				verificationToken: check.token,
			});
			listingsUnderWay += 1;
			const item = (await send(client, 'POST', '/api/items', { multipart: form })) as {
				id: number;
			} | null;
			listingsUnderWay -= 1;
			if (item) acknowledged.items.push({ id: item.id, name, photos: photosPerItem });
			await pause(300);
		}
		await client.dispose();
	}

	async function ask(receiver: LoadUser): Promise<void> {
		const client = await clientOf(receiver);
		const asked = new Set<number>();
		while (running) {
			const item = acknowledged.items.findLast((listed) => !asked.has(listed.id));
			if (item) {
				asked.add(item.id);
				const path = `/api/items/${item.id}/requests`;
				const made = (await send(client, 'POST', path, { data: { quantity: 1 } })) as {
					id: number;
				} | null;
				if (made) acknowledged.requests.push({ id: made.id, itemId: item.id });
			}
			await pause(500);
		}
		await client.dispose();
	}

	const workers = [
		...Array.from({ length: readers }, read),
		...people.donors.map(list),
		...people.receivers.map(ask),
	];
	return {
		sent,
		acknowledged,
		/** Item listings sent and not answered yet. */
		listingsUnderWay: () => listingsUnderWay,
		/** Stops the load and waits for the requests under way. */
		async stop() {
			running = false;
			await Promise.all(workers);
		},
	};
}

/** Requests that got no answer or a server error: the ones a visitor would see fail. */
export function failures(sent: Sent[]): Sent[] {
	return sent.filter((one) => one.status === 0 || one.status >= 500);
}
