import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemListQuerySchema } from '~/features/items/item-list-query';
import { listItems } from '~/features/items/items.server';
import { donorStats } from '~/features/heroes/impact.server';
import { listVersion } from '~/features/items/item-search.server';
import { type DatabaseHandle, openPostgres } from '~/server/db/client';
import { items } from '~/server/db/schema';
import { readPageVersion } from '~/server/page-versions';

const databaseUrl = process.env['TEST_DATABASE_URL'];

// postgres.js sends a statement without parameters by the simple protocol, which prepares
// nothing; the client keeps such statements prepared, so PostgreSQL plans them once per
// connection instead of on every call (src/server/db/client.ts).
describe.skipIf(!databaseUrl)('statements without parameters on PostgreSQL', () => {
	const name = `hibahin_test_${randomBytes(6).toString('hex')}`;
	const admin = postgres(databaseUrl ?? '', { max: 1, onnotice: () => {} });
	let handle: DatabaseHandle;

	beforeAll(async () => {
		await admin.unsafe(`create database ${name}`);
		const url = new URL(databaseUrl!);
		url.pathname = `/${name}`;
		// One connection, so the statements it prepared are the ones this test lists.
		const poolSize = process.env['DATABASE_POOL_SIZE'];
		process.env['DATABASE_POOL_SIZE'] = '1';
		handle = openPostgres(url.href);
		if (poolSize === undefined) delete process.env['DATABASE_POOL_SIZE'];
		else process.env['DATABASE_POOL_SIZE'] = poolSize;
		await handle.migrate();
		// The first page walks the date index (no parameters at all) when enough items match.
		await handle.db.execute(sql`
			insert into users (id, issuer, subject) values ('donor', 'test', 'donor')`);
		await handle.db.execute(sql`
			insert into items (donor_id, name, description, weight, length, width, height, quantity)
			select 'donor', 'Kursi ' || n, 'Kursi kayu', 1000, 40, 40, 80, 1
			from generate_series(1, 20) as n`);
	});

	afterAll(async () => {
		await handle?.close();
		await admin.unsafe(`drop database if exists ${name} with (force)`);
		await admin.end();
	});

	const prepared = async () =>
		(await handle.db.execute<{ statement: string }>(
			sql`select statement from pg_prepared_statements`,
		)) as unknown as { statement: string }[];

	it('keeps the available list’s first page prepared', async () => {
		const firstPage = itemListQuerySchema.parse({ status: 'available' });
		const { items: firstItems } = await listItems(handle.db, firstPage, null);
		expect(firstItems).toHaveLength(12);
		await listItems(handle.db, firstPage, null);
		const pageStatements = (await prepared()).filter(
			({ statement }) =>
				statement.includes(`"status" = 'AVAILABLE'`) && statement.includes('item_list_state'),
		);
		expect(pageStatements).toHaveLength(1);
		expect(pageStatements[0]!.statement).not.toMatch(/\$\d/);
	});

	// Every signed-out page request reads its version, the cached and the 304 ones too.
	it('keeps the page and list version reads prepared', async () => {
		const [item] = await handle.db.select({ id: items.id }).from(items).limit(1);
		const itemId = item!.id;
		for (let call = 0; call < 2; call++) {
			expect(await readPageVersion(handle.db, { kind: 'item', itemId })).toMatch(
				new RegExp(`^i${itemId}\\.\\d+$`),
			);
			expect(await readPageVersion(handle.db, { kind: 'public' })).toMatch(/^p\d+$/);
			expect(await readPageVersion(handle.db, { kind: 'needs' })).toMatch(/^n\d+\.\d+$/);
			expect(await listVersion(handle.db)).toBeGreaterThan(0);
		}
		const statements = (await prepared()).map(({ statement }) => statement);
		const versionReads = statements.filter(
			(statement) =>
				/^select "version"/.test(statement) &&
				/from "(items|public_page_state|item_list_state|need_list_state)"/.test(statement),
		);
		expect(versionReads).toHaveLength(4);
	});

	// Every view of a public profile reads its person's counts.
	it('keeps a profile’s counts prepared', async () => {
		const badgeText = (id: string) => ({ name: id, description: id });
		for (let call = 0; call < 2; call++) {
			const { stats } = await donorStats(handle.db, 'donor', badgeText);
			expect(stats.totalItems).toBe(20);
		}
		const counts = (await prepared()).filter(({ statement }) => statement.includes('own_items'));
		expect(counts).toHaveLength(1);
	});
});
