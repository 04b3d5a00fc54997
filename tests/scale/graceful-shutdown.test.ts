import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { photoFiles } from '~/features/items/photos.server';
import { itemForm, noisyJpegBytes, fileOf, validFields } from '../helpers/items';
import { freshDatabase, signedInUser, startApp } from './support/app-process';

const databaseUrl = process.env['TEST_DATABASE_URL'];
const uploads = 20;

describe.skipIf(!databaseUrl)('SIGTERM while photos upload', () => {
	const dataDir = mkdtempSync(join(tmpdir(), 'hibahin-sigterm-'));
	afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

	it('finishes every acknowledged upload, and leaves no file without its item', async () => {
		const database = await freshDatabase(databaseUrl!);
		// Readiness fails for a moment before connections stop, as a load balancer needs.
		const app = await startApp({
			DATABASE_URL: database.url,
			DATA_DIR: dataDir,
			SHUTDOWN_DELAY_MS: '500',
			SHUTDOWN_TIMEOUT_MS: '120000',
		});
		const origin = { Origin: app.url };
		const users = await Promise.all([0, 1].map(() => signedInUser(database.db, `${app.url}/oidc`)));
		const photo = fileOf(await noisyJpegBytes());
		const forms = await Promise.all(
			Array.from({ length: uploads }, async (_, index) => {
				const user = users[index % 2]!;
				const answer = await fetch(`${app.url}/api/verification/simulated`, {
					method: 'POST',
					headers: { ...origin, Cookie: user.cookie },
				});
				const { data } = (await answer.json()) as { data: { token: string } };
				const form = itemForm(validFields({ name: `Kursi nomor ${index}` }), [photo, photo], {
					verificationToken: data.token,
				});
				return { user, form };
			}),
		);

		const sent = forms.map(({ user, form }) =>
			fetch(`${app.url}/api/items`, {
				method: 'POST',
				headers: { ...origin, Cookie: user.cookie },
				body: form,
			})
				.then(async (response) => ({ status: response.status, body: await response.text() }))
				.catch((error: Error) => ({ status: 0, body: error.message })),
		);
		// Stopped while the uploads are under way: the first answer has not come yet.
		app.child.kill('SIGTERM');
		const readiness = await fetch(`${app.url}/readyz`).catch(() => null);
		const answers = await Promise.all(sent);
		expect(await app.exited).toBe(0);

		expect(readiness?.status ?? 503).toBe(503);
		const acknowledged = answers.filter((answer) => answer.status === 201);
		// Anything else was refused whole: never a half-done write or a server error.
		for (const answer of answers.filter((answer) => answer.status !== 201)) {
			expect(answer.status === 0 || answer.status === 503, answer.body).toBe(true);
		}
		const ids = acknowledged.map(
			(answer) => (JSON.parse(answer.body) as { data: { id: number } }).data.id,
		);
		const rows = await database.client`select id from items order by id`;
		expect(rows.map((row) => Number(row['id']))).toEqual(ids.sort((a, b) => a - b));

		// Every stored file belongs to an item, whole, and none is a leftover part.
		const photos = await database.client`select key, widths from item_images`;
		const expected = photos.flatMap((row) =>
			photoFiles({ key: row['key'] as string, widths: row['widths'] as number[] }),
		);
		const folder = join(dataDir, 'uploads', 'items');
		const files = existsSync(folder) ? readdirSync(folder) : [];
		expect(files.map((file) => `items/${file}`).sort()).toEqual(expected.sort());
		for (const file of files) expect(statSync(join(folder, file)).size).toBeGreaterThan(0);
		console.log(
			`SIGTERM during ${uploads} uploads: ${acknowledged.length} acknowledged and stored, ` +
				`${uploads - acknowledged.length} refused, 0 lost, ${files.length} files, 0 orphans.`,
		);
		await database.drop();
	});
});
