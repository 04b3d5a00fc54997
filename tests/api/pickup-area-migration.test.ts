/**
 * Migration 0009 gave the items listed before it their donor's profile district (decision 026):
 * run on an embedded database migrated to 0008 that holds such items, then up to date.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect, it } from 'vitest';
import { applyMigrations } from '~/server/db/migrate';
import { projectPath } from '~/server/paths';
import { migrationsBefore } from '../helpers/migrations';

it('places each existing item in its donor’s district of the official list, and no other', async () => {
	const client = new PGlite({ extensions: { pg_trgm } });
	const db = drizzle(client);
	await migrate(db, { migrationsFolder: migrationsBefore('0009_pickup_areas') });
	await client.exec(`
		INSERT INTO users (id, issuer, subject, area_id, area_name) VALUES
			('in-bandung', 'test', 'a', '32.73.14', 'Cibeunying Kidul, Kota Bandung, Jawa Barat'),
			('on-biteship', 'test', 'b', 'IDNP6IDNC148IDND842IDZ12160', 'Kebayoran Baru, Jakarta Selatan, DKI Jakarta'),
			('nowhere', 'test', 'c', NULL, NULL);
		INSERT INTO items (donor_id, name, description, weight, length, width, height, quantity)
		SELECT id, 'Kursi ' || id, 'Kursi kayu jati, masih kokoh.', 4, 45, 45, 90, 1 FROM users;
	`);

	await applyMigrations(db, projectPath('drizzle'));
	const { rows } = await client.query<Record<string, string | null>>(`
		SELECT donor_id, pickup_province_code, pickup_province_name, pickup_regency_code,
			pickup_regency_name, pickup_district_code, pickup_district_name, search_text
		FROM items ORDER BY donor_id`);
	expect(rows).toEqual([
		expect.objectContaining({ donor_id: 'in-bandung', pickup_district_code: '32.73.14' }),
		expect.objectContaining({ donor_id: 'nowhere', pickup_district_code: null }),
		// A Biteship area id is no official code: the item waits for its donor's next edit.
		expect.objectContaining({ donor_id: 'on-biteship', pickup_district_code: null }),
	]);
	expect(rows[0]).toMatchObject({
		pickup_province_code: '32',
		pickup_province_name: 'Jawa Barat',
		pickup_regency_code: '32.73',
		pickup_regency_name: 'Kota Bandung',
		pickup_district_name: 'Cibeunying Kidul',
	});
	// The search text holds the area's names, so "bandung" finds the item.
	expect(rows[0]!['search_text']).toContain('kota bandung cibeunying kidul');
	await client.close();
});
