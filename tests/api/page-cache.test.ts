import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { zstdDecompressSync } from 'node:zlib';
import { expect, it, vi } from 'vitest';
import { answerCachedPage, answerPublicPage, hasCookie } from '~/app/page-cache';
import { PageCache } from '~/server/http/page-cache';
import {
	createItemFor,
	jpegBytes,
	jpegFile,
	putItem,
	toggleItem,
	validFields,
} from '../helpers/items';
import { postNeed } from '../helpers/needs';
import { rawResponse } from '../helpers/raw-response';
import { act, ask } from '../helpers/requests';
import { createModerator, moderated } from '../helpers/safety';
import {
	describeOnDatabases,
	type TestServer,
	testOrigin,
	uniquePhone,
} from '../helpers/test-server';

/** The API read that shows what each page shows, signed out: a real render of the same data. */
function apiPathOf(pagePath: string): string {
	const path = new URL(pagePath, testOrigin);
	const bare = path.pathname.replace(/^\/en(?=\/)/, '');
	return `/api${bare}${path.search}`.replace(/^\/api/, '');
}

describeOnDatabases('Signed-out pages: version ETags and the page cache', (use) => {
	const cache = new PageCache({ ttlMs: 60_000 });
	let renders = 0;

	/** A page as the site answers it, rendered from the API's signed-out read. */
	async function page(path: string, headers: Record<string, string> = {}, method = 'GET') {
		const test = use();
		return answerPublicPage(
			{ db: test.server.db, cache, buildId: 'test' },
			new Request(`${testOrigin}${path}`, { method, headers }),
			async () => {
				renders += 1;
				const response = await test.request(apiPathOf(path));
				return new Response(await response.text(), {
					status: response.status,
					headers: {
						'Content-Type': 'text/html; charset=utf-8',
						'Content-Security-Policy': `script-src 'self' 'sha256-${path.length}'`,
					},
				});
			},
		);
	}

	/** The page's ETag and body, after checking it is one a CDN may keep. */
	async function fetched(path: string) {
		const response = await page(path);
		expect(response.status).toBe(200);
		expect(response.headers.get('Cache-Control')).toMatch(/^public, max-age=0, s-maxage=\d+/);
		expect(response.headers.get('Vary')).toContain('Cookie');
		return { tag: response.headers.get('ETag')!, body: await response.text() };
	}

	async function donorWithItem(test: TestServer, overrides: Record<string, string> = {}) {
		const donor = await test.createUser({ complete: true, name: 'Ani Lestari' });
		const item = await createItemFor(test, donor, overrides);
		return { donor, item };
	}

	/** Runs `write`, then expects every page of `paths` with a new ETag and new content. */
	async function expectChangedBy(paths: string[], write: () => Promise<unknown>) {
		const before = await Promise.all(paths.map(fetched));
		await write();
		const after = await Promise.all(paths.map(fetched));
		after.forEach(({ tag, body }, index) => {
			expect(tag, paths[index]).not.toBe(before[index]!.tag);
			expect(body, paths[index]).not.toBe(before[index]!.body);
		});
		// The old tag is no longer worth a 304.
		const revalidated = await page(paths[0]!, { 'If-None-Match': before[0]!.tag });
		expect(revalidated.status).toBe(200);
	}

	it('answers 304 to a matching If-None-Match, with the caching headers and no render', async () => {
		const { item } = await donorWithItem(use());
		for (const path of [
			`/items/${item.id}`,
			'/en/items?search=kursi',
			`/profile/${item.donorId}`,
		]) {
			const { tag } = await fetched(path);
			expect(tag).toMatch(/^W\/"/);
			const count = renders;
			const response = await page(path, { 'If-None-Match': tag });
			expect(response.status).toBe(304);
			expect(await response.text()).toBe('');
			expect(response.headers.get('ETag')).toBe(tag);
			expect(response.headers.get('Cache-Control')).toContain('s-maxage=');
			expect(renders).toBe(count);
		}
	});

	it('serves a kept page again with its policy, but never to another language or query', async () => {
		const { item } = await donorWithItem(use(), { name: 'Meja belajar kayu jati' });
		const first = await page(`/items/${item.id}`);
		const policy = first.headers.get('Content-Security-Policy');
		const count = renders;
		const again = await page(`/items/${item.id}`);
		expect(renders).toBe(count);
		expect(again.headers.get('Content-Security-Policy')).toBe(policy);
		expect(await again.text()).toBe(await first.text());
		const head = await page(`/items/${item.id}`, {}, 'HEAD');
		expect(head.status).toBe(200);
		expect(renders).toBe(count);

		await page(`/en/items/${item.id}`);
		expect(renders).toBe(count + 1);
		const [meja, sepeda] = [
			await fetched('/items?search=meja'),
			await fetched('/items?search=sepeda'),
		];
		expect(renders).toBe(count + 3);
		expect(meja.body).toContain('Meja belajar');
		expect(sepeda.body).not.toContain('Meja belajar');
	});

	it('renders a page once for the requests that ask for it while it renders', async () => {
		const { item } = await donorWithItem(use(), { name: 'Lemari pakaian dua pintu' });
		const count = renders;
		const answers = await Promise.all(
			Array.from({ length: 5 }, () => page(`/en/items/${item.id}?shared=1`)),
		);
		expect(renders).toBe(count + 1);
		const bodies = await Promise.all(answers.map((answer) => answer.text()));
		expect(new Set(bodies).size).toBe(1);
		expect(bodies[0]).toContain('Lemari pakaian');
		expect(answers.every((answer) => answer.status === 200)).toBe(true);

		// A render that keeps no page (a missing item) is no one else's: each request renders.
		const missing = await Promise.all(Array.from({ length: 3 }, () => page('/items/999999998')));
		expect(missing.map((answer) => answer.status)).toEqual([404, 404, 404]);
		expect(renders).toBe(count + 4);
	});

	it('renders other pages, missing items and writes each time, keeping none', async () => {
		const before = cache.size;
		for (const path of ['/items/999999999', '/my-items', '/donate-item']) {
			const response = await page(path);
			expect(response.headers.get('ETag'), path).toBeNull();
		}
		expect((await page('/items', {}, 'POST')).headers.get('ETag')).toBeNull();
		expect(cache.size).toBe(before);
	});

	it('keeps no page that sets a cookie or names its own caching', async () => {
		const { item } = await donorWithItem(use());
		const test = use();
		const before = cache.size;
		for (const header of [
			['Set-Cookie', 'language=en; Path=/'],
			['Cache-Control', 'private, no-store'],
		] as const) {
			const response = await answerPublicPage(
				{ db: test.server.db, cache, buildId: 'test' },
				new Request(`${testOrigin}/profile/${item.donorId}?personal=${header[0]}`),
				async () => new Response('personal', { headers: { [header[0]]: header[1] } }),
			);
			expect(response.headers.get(header[0])).toBe(header[1]);
			expect(response.headers.get('ETag')).toBeNull();
		}
		expect(cache.size).toBe(before);
	});

	it('keeps the bytes a page was rendered whole to, and answers with them as they are', async () => {
		// Decision 053: Astro puts a whole page's bytes on its Response under this key.
		const responseBytes = Symbol.for('astro.responseBytes');
		type WithBytes = Response & { [responseBytes]?: Uint8Array };
		const { item } = await donorWithItem(use());
		const bytes = new TextEncoder().encode('<p>Lemari pakaian — Ani</p>');
		const answer = (): Promise<WithBytes> =>
			answerPublicPage(
				{ db: use().server.db, cache, buildId: 'test' },
				new Request(`${testOrigin}/items/${item.id}?whole`),
				async () => {
					const rendered: WithBytes = new Response(bytes, {
						headers: { 'Content-Type': 'text/html; charset=utf-8' },
					});
					rendered[responseBytes] = bytes;
					return rendered;
				},
			);
		const [fresh, kept] = [await answer(), await answer()];
		for (const response of [fresh, kept]) {
			expect(response[responseBytes]).toBe(bytes);
			expect(await response.text()).toBe('<p>Lemari pakaian — Ani</p>');
		}
	});

	it('changes the item page and lists at once when the item is edited or given new photos', async () => {
		const { donor, item } = await donorWithItem(use());
		const pages = [`/items/${item.id}`, '/items', `/en/items/${item.id}`];
		await expectChangedBy(pages, async () => {
			const response = await putItem(use(), donor, item.id, validFields({ name: 'Kursi baru' }));
			expect(response.status, await response.text()).toBe(200);
		});
		await expectChangedBy(pages, async () => {
			const fields = validFields({ name: 'Kursi baru' });
			const response = await putItem(use(), donor, item.id, fields, [await jpegFile()]);
			expect(response.status, await response.text()).toBe(200);
		});
	});

	it('changes the item page and lists when the item is marked given, hidden or deleted', async () => {
		const { donor, item } = await donorWithItem(use());
		const pages = [`/items/${item.id}`, '/items'];
		await expectChangedBy(pages, () => toggleItem(use(), donor, item.id));
		const moderator = await createModerator(use());
		await expectChangedBy(pages, () =>
			moderated(use(), moderator, { action: 'hideItem', itemId: item.id, reason: 'askingMoney' }),
		);
		const other = await createItemFor(use(), donor);
		const { tag } = await fetched('/items');
		await fetched(`/items/${other.id}`);
		const response = await use().request(`/items/${other.id}`, { method: 'DELETE', user: donor });
		expect(response.status).toBe(204);
		expect((await page(`/items/${other.id}`)).headers.get('ETag')).toBeNull();
		expect((await fetched('/items')).tag).not.toBe(tag);
	});

	it('changes the item page when a reservation holds part of it, and the profile when it is confirmed', async () => {
		const { donor, item } = await donorWithItem(use(), { quantity: '3' });
		const receiver = await use().createUser({ complete: true, name: 'Dewi Anggraini' });
		const request = await ask(use(), receiver, item.id);
		await expectChangedBy([`/items/${item.id}`, '/items'], () =>
			act(use(), donor, request.id, 'reserve'),
		);
		await act(use(), donor, request.id, 'handOver');
		await expectChangedBy([`/profile/${donor.id}`, '/heroes/rankings'], () =>
			act(use(), receiver, request.id, 'confirm'),
		);
	});

	it('starts the rankings afresh when the month turns in Jakarta, with no write', async () => {
		await donorWithItem(use());
		// 30 November, 23:59 in Jakarta, then a minute past midnight on 1 December.
		const lastMinute = Date.UTC(2026, 10, 30, 16, 59);
		const now = vi.spyOn(Date, 'now').mockReturnValue(lastMinute);
		try {
			const november = await page('/heroes/rankings');
			const home = await page('/');
			now.mockReturnValue(lastMinute + 2 * 60_000);
			const december = await page('/heroes/rankings');
			expect(december.headers.get('ETag')).not.toBe(november.headers.get('ETag'));
			expect((await page('/')).headers.get('ETag')).toBe(home.headers.get('ETag'));
		} finally {
			now.mockRestore();
		}
	});

	it('changes the donor’s item pages and profile when their public profile is edited', async () => {
		const { donor, item } = await donorWithItem(use());
		await expectChangedBy([`/items/${item.id}`, `/profile/${donor.id}`, '/items'], async () => {
			const response = await use().request('/profile', {
				method: 'PUT',
				user: donor,
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({
					name: 'Ani Wulandari',
					phone: uniquePhone(),
					imageUrl: `data:image/jpeg;base64,${(await jpegBytes()).toString('base64')}`,
					address: 'Jl. Melati No. 5, RT 02/RW 03',
					areaId: '31.74.07',
				}),
			});
			expect(response.status, await response.text()).toBe(200);
		});
	});

	it('keeps an available item’s tag through other writes, but not a given item’s, whose city link may go', async () => {
		const { donor, item } = await donorWithItem(use());
		const given = await createItemFor(use(), donor);
		await toggleItem(use(), donor, given.id);
		const before = await Promise.all([fetched(`/items/${item.id}`), fetched(`/items/${given.id}`)]);
		await createItemFor(use(), donor);
		const after = await Promise.all([fetched(`/items/${item.id}`), fetched(`/items/${given.id}`)]);
		expect(after[0].tag).toBe(before[0].tag);
		expect(after[1].tag).not.toBe(before[1].tag);
	});

	it('keeps the needs list by the needs’ version: a new need changes it, a new item does not', async () => {
		const test = use();
		const owner = await test.createUser({ complete: true, name: 'Rina' });
		const paths = ['/needs', '/en/needs?urgent=true'];
		await expectChangedBy(paths, () => postNeed(test, owner, { urgency: 'urgent' }));
		// The needs' version holds the minute: what follows runs inside one.
		const leftOfMinute = 60_000 - (Date.now() % 60_000);
		if (leftOfMinute < 20_000) await new Promise((done) => setTimeout(done, leftOfMinute + 100));
		const kept = await Promise.all(paths.map(fetched));
		const count = renders;
		await donorWithItem(test);
		const again = await Promise.all(paths.map(fetched));
		expect(again.map(({ tag }) => tag)).toEqual(kept.map(({ tag }) => tag));
		expect(renders).toBe(count);
	});

	it('answers a kept page in front of the site: compressed once, 304s, never to a session', async () => {
		// A list: a page of 1 KB or more, worth compressing.
		await donorWithItem(use(), { name: 'Lemari pakaian dua pintu' });
		const deps = { db: use().server.db, cache, buildId: 'test' };
		const lookups: Array<{ answered: boolean; pageVersion?: string }> = [];
		const server = http.createServer(async (req, res) => {
			const lookup = await answerCachedPage(deps, 'hibahin_session', req, res);
			lookups.push(lookup);
			if (!lookup.answered) res.writeHead(299).end(lookup.pageVersion ?? 'no version');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
			rawResponse(`${origin}${path}`, headers, method);
		try {
			const path = '/items?from=front';
			// Not kept yet: the render is told the version it read.
			const miss = await get(path);
			expect(miss.status).toBe(299);
			expect(miss.body.toString()).toMatch(/^p\d+$/);
			const rendered = await fetched(path);

			const zstd = await get(path, { 'Accept-Encoding': 'gzip, zstd' });
			expect(zstd.status).toBe(200);
			expect(zstd.headers['content-encoding']).toBe('zstd');
			expect(zstd.headers.vary).toBe('Cookie, Accept-Encoding');
			expect(zstd.headers.etag).toBe(rendered.tag);
			expect(zstd.headers['content-security-policy']).toContain('sha256-');
			expect(zstdDecompressSync(zstd.body).toString()).toBe(rendered.body);
			expect(cache.get(`id ${miss.body} /items?from=front`)?.sent.zstd?.body).toEqual(zstd.body);
			const plain = await get(path);
			expect(plain.headers['content-encoding']).toBeUndefined();
			expect(plain.body.toString()).toBe(rendered.body);
			const head = await get(path, { 'Accept-Encoding': 'zstd' }, 'HEAD');
			expect(head.status).toBe(200);
			expect(head.body.byteLength).toBe(0);

			const revalidated = await get(path, { 'If-None-Match': rendered.tag });
			expect(revalidated.status).toBe(304);
			expect(revalidated.headers['cache-control']).toContain('s-maxage=');

			// A session's request, a NUL, a write, another page: the site answers them.
			lookups.length = 0;
			await get(path, { Cookie: 'language=en; hibahin_session=abc' });
			await get(`${path}%00`);
			await get(path, {}, 'DELETE');
			await get('/my-items');
			await get('/items/999999999');
			expect(lookups).toEqual([
				{ answered: false },
				{ answered: false },
				{ answered: false },
				{ answered: false },
				{ answered: false },
			]);
		} finally {
			await new Promise((resolve) => server.close(resolve));
		}
	});
});

it('reads a session cookie as Astro does: the first of its name, and only with a value', () => {
	expect(hasCookie('hibahin_session=abc', 'hibahin_session')).toBe(true);
	expect(hasCookie('a=1; hibahin_session="abc"; b=2', 'hibahin_session')).toBe(true);
	expect(hasCookie('hibahin_session=; hibahin_session=abc', 'hibahin_session')).toBe(false);
	expect(hasCookie('x_hibahin_session=abc', 'hibahin_session')).toBe(false);
	expect(hasCookie(undefined, 'hibahin_session')).toBe(false);
});
