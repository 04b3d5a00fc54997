import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { projectPath } from '../paths';
import * as schema from './schema';

/** The database, the same API on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
	db: Database;
	kind: 'pglite' | 'postgres';
	/** Applies pending migrations from `drizzle/`. */
	migrate(): Promise<void>;
	/** A trivial query, for readiness checks. */
	ping(): Promise<void>;
	close(): Promise<void>;
}

const migrationsFolder = projectPath('drizzle');

/** PostgreSQL (or a compatible engine) at `url`. */
export function openPostgres(url: string): DatabaseHandle {
	const client = postgres(url, {
		max: Number(process.env['DATABASE_POOL_SIZE'] ?? 10),
		onnotice: () => {},
	});
	const db = drizzlePostgres(client, { schema });
	return {
		db,
		kind: 'postgres',
		migrate: () => migratePostgres(db, { migrationsFolder }),
		ping: async () => {
			await client`select 1`;
		},
		close: () => client.end(),
	};
}

/** Embedded PostgreSQL (PGlite) in `dataDir`, or in memory when `dataDir` is `null`. */
export function openPglite(dataDir: string | null): DatabaseHandle {
	if (dataDir) mkdirSync(dataDir, { recursive: true });
	const client = new PGlite({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
	const db = drizzlePglite(client, { schema });
	return {
		db: db as unknown as Database,
		kind: 'pglite',
		migrate: () => migratePglite(db, { migrationsFolder }),
		ping: async () => {
			await client.query('select 1');
		},
		close: () => client.close(),
	};
}

/** The database named by the environment: `DATABASE_URL`, else PGlite in `DATA_DIR/db`. */
export function openConfiguredDatabase(env: NodeJS.ProcessEnv = process.env): DatabaseHandle {
	const url = env['DATABASE_URL'];
	if (url) return openPostgres(url);
	return openPglite(join(env['DATA_DIR'] ?? projectPath('data'), 'db'));
}
