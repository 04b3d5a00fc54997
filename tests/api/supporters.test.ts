import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import creatorName from '~/features/support/fixtures/trakteer-supports-creator-name.json';
import { supportRoutes } from '~/features/support/support.routes';
import { topSupportersSource } from '~/features/support/supporters.server';
import { earlySupporters, supporters } from '~/server/db/schema';
import { requestContext } from '~/server/http/middleware';
import type { AppEnv } from '~/server/http/types';
import { describeOnDatabases } from '../helpers/test-server';

describeOnDatabases('Supporters API', (use) => {
	const db = () => use().server.db;

	beforeEach(async () => {
		await db().delete(supporters);
		await db().delete(earlySupporters);
	});

	async function data(path: string, request = use().request) {
		const response = await request(path);
		expect(response.status, path).toBe(200);
		return (await response.json()).data;
	}

	/** The support routes alone, with Trakteer configured and answered by `fetchImpl`. */
	function withTrakteer(fetchImpl: typeof fetch) {
		const source = topSupportersSource(db(), { TRAKTEER_API_KEY: 'trapi-test' }, fetchImpl);
		const app = new Hono<AppEnv>()
			.basePath('/api')
			.use(requestContext)
			.route('/', supportRoutes(use().server, source));
		return (path: string) => Promise.resolve(app.request(`http://localhost/api${path}`));
	}

	describe('without Trakteer (the local table)', () => {
		it('answers empty lists on a new site', async () => {
			expect(await data('/trakteer/supports')).toEqual([]);
			expect(await data('/supporters/early-supporters')).toEqual([]);
		});

		it('lists the eight largest supports, largest first', async () => {
			await db()
				.insert(supporters)
				.values(
					Array.from({ length: 9 }, (_, n) => ({
						name: `Pendukung ${n + 1}`,
						amount: (n + 1) * 10_000,
						...(n === 8 ? { message: 'Terus semangat!', quantity: 3, unitName: 'Kopi' } : {}),
					})),
				);
			const list = await data('/trakteer/supports');
			expect(list).toHaveLength(8);
			expect(list[0]).toEqual({
				supporterName: 'Pendukung 9',
				amount: 90_000,
				supportMessage: 'Terus semangat!',
				quantity: 3,
				unitName: 'Kopi',
			});
			expect(list[1]).toEqual({
				supporterName: 'Pendukung 8',
				amount: 80_000,
				supportMessage: null,
				quantity: 1,
				unitName: null,
			});
			expect(list.at(-1).supporterName).toBe('Pendukung 2');
		});

		it('lists early supporters in the order they joined', async () => {
			await db()
				.insert(earlySupporters)
				.values([
					{ name: 'Ayu', message: 'Dari awal percaya!', createdAt: new Date('2025-01-02') },
					{ name: 'Bayu', createdAt: new Date('2025-01-01') },
				]);
			expect(await data('/supporters/early-supporters')).toEqual([
				{ name: 'Bayu', message: null },
				{ name: 'Ayu', message: 'Dari awal percaya!' },
			]);
		});
	});

	describe('with Trakteer', () => {
		it('answers the supports Trakteer reports', async () => {
			const request = withTrakteer(async () => Response.json(creatorName));
			expect(await data('/trakteer/supports', request)).toEqual([
				{
					supporterName: 'Budi Santoso',
					amount: 45000,
					supportMessage: 'Semoga makin banyak yang berbagi',
					quantity: 3,
					unitName: 'Cendol',
				},
			]);
		});

		it('answers the local table while Trakteer fails', async () => {
			await db().insert(supporters).values({ name: 'Lokal', amount: 20_000 });
			const request = withTrakteer(async () => new Response('Unauthorized', { status: 401 }));
			const list = await data('/trakteer/supports', request);
			expect(list.map((s: { supporterName: string }) => s.supporterName)).toEqual(['Lokal']);
		});
	});

	describe('GET /avatars/{seed}.svg', () => {
		it('draws the same picture for the same name, with long caching and nosniff', async () => {
			const response = await use().request('/avatars/Budi%20Santoso.svg');
			expect(response.status).toBe(200);
			expect(response.headers.get('content-type')).toBe('image/svg+xml');
			expect(response.headers.get('x-content-type-options')).toBe('nosniff');
			expect(response.headers.get('cache-control')).toMatch(/max-age=31536000/);
			const svg = await response.text();
			expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
			expect(await (await use().request('/avatars/Budi%20Santoso.svg')).text()).toBe(svg);
			expect(await (await use().request('/avatars/Siti%20Rahma.svg')).text()).not.toBe(svg);
		});

		it('draws names with a slash or a dot too', async () => {
			for (const name of ['Budi/Santoso', 'A.B.', '']) {
				const response = await use().request(`/avatars/${encodeURIComponent(name)}.svg`);
				expect(response.status, name).toBe(200);
			}
		});

		it('never puts the name into the picture', async () => {
			const seed = encodeURIComponent('<script>alert(1)</script>');
			const svg = await (await use().request(`/avatars/${seed}.svg`)).text();
			expect(svg).not.toContain('script');
			expect(svg).not.toContain('alert');
		});

		it('refuses other extensions and overlong names', async () => {
			expect((await use().request('/avatars/budi.png')).status).toBe(404);
			const long = 'a'.repeat(201);
			const response = await use().request(`/avatars/${long}.svg`);
			expect(response.status).toBe(400);
			expect((await response.json()).error.code).toBe('VALIDATION_ERROR');
		});
	});
});

describe('avatarPath', () => {
	it('makes an address the avatar route reads back', async () => {
		const { avatarPath } = await import('~/features/support/support');
		expect(avatarPath(' Budi/Santoso ')).toBe('/api/avatars/Budi%2FSantoso.svg');
	});
});
