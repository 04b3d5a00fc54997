import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { projectPath } from '../paths';
import { lockDataDir } from './data-dir-lock';
import { applyMigrations } from './migrate';
import * as schema from './schema';

/** The database, the same API on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction of the database: what `db.transaction` hands its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
	db: Database;
	kind: 'pglite' | 'postgres';
	/** Applies pending migrations from `drizzle/`. */
	migrate(): Promise<void>;
	/** A trivial query, for readiness checks. */
	ping(): Promise<void>;
	/**
	 * Runs `job` unless another process runs the job of that name right now (then `false`): of
	 * many instances on one database, one does each periodic job at a time.
	 */
	runAlone(name: string, job: () => Promise<unknown>): Promise<boolean>;
	/** The embedded database's files as of now, gzipped tar (PGlite only: backups). */
	dump?: () => Promise<Blob>;
	close(): Promise<void>;
}

const migrationsFolder = projectPath('drizzle');

/**
 * `client`, whose prepared statements stay prepared when they have no parameters. postgres.js
 * sends a query without parameters by the simple protocol, which prepares nothing, so PostgreSQL
 * would plan such a statement (the first page of the plain list of available items) on every call.
 */
function preparingWithoutParameters(client: postgres.Sql): postgres.Sql {
	const unsafe = client.unsafe;
	client.unsafe = (query, parameters, options) =>
		unsafe(
			query,
			parameters,
			options?.prepare && !parameters?.length
				? // `simple` is postgres.js's own option, missing from its types.
					({ ...options, simple: false } as postgres.UnsafeQueryOptions)
				: options,
		);
	return client;
}

/** PostgreSQL (or a compatible engine) at `url`. */
export function openPostgres(url: string): DatabaseHandle {
	const client = postgres(url, {
		max: Number(process.env['DATABASE_POOL_SIZE'] ?? 10),
		onnotice: () => {},
	});
	const db = drizzlePostgres(preparingWithoutParameters(client), { schema });
	// Advisory locks live on a connection of their own, never recycled (a new connection would
	// silently drop them): a lock held for a whole job must not take one of the pool's
	// connections, or a small pool has none left for the jobs' own queries and they wait forever.
	const lockClient = postgres(url, { max: 1, max_lifetime: null, onnotice: () => {} });
	/**
	 * Holds the session-level advisory lock `name` while `job` runs; `wait` queues behind a
	 * holder, otherwise a held lock means the job is not run.
	 */
	const locked = async (name: string, wait: boolean, job: () => Promise<unknown>) => {
		if (wait) await lockClient`select pg_advisory_lock(hashtext(${name}))`;
		else {
			const [row] = await lockClient`select pg_try_advisory_lock(hashtext(${name})) as held`;
			if (!row?.['held']) return false;
		}
		try {
			await job();
		} finally {
			await lockClient`select pg_advisory_unlock(hashtext(${name}))`;
		}
		return true;
	};
	return {
		db,
		kind: 'postgres',
		// Instances starting together migrate in turn: the first applies, the others find it done.
		migrate: async () => {
			await locked('hibahin:migrations', true, () => applyMigrations(db, migrationsFolder));
		},
		ping: async () => {
			await client`select 1`;
		},
		runAlone: (name, job) => locked(`hibahin:job:${name}`, false, job),
		close: async () => {
			await Promise.all([client.end(), lockClient.end()]);
		},
	};
}

/**
 * Embedded PostgreSQL (PGlite) in `dataDir`, or in memory when `dataDir` is `null`; `from` starts
 * it with the files of another one's `dump()`.
 */
export function openPglite(dataDir: string | null, { from }: { from?: Blob } = {}): DatabaseHandle {
	if (dataDir) mkdirSync(dataDir, { recursive: true });
	const client = new PGlite({
		...(dataDir ? { dataDir } : {}),
		...(from ? { loadDataDir: from } : {}),
		extensions: { pg_trgm },
	});
	const db = drizzlePglite(client, { schema });
	return {
		db: db as unknown as Database,
		kind: 'pglite',
		migrate: () => applyMigrations(db as unknown as Database, migrationsFolder),
		ping: async () => {
			await client.query('select 1');
		},
		dump: () => client.dumpDataDir('gzip'),
		// The folder's lock keeps every other process out, so no other instance runs the job.
		runAlone: async (_name, job) => {
			await job();
			return true;
		},
		close: () => client.close(),
	};
}

/**
 * The database named by the environment: `DATABASE_URL`, else PGlite in `DATA_DIR/db` with
 * `DATA_DIR` locked to this process.
 */
export function openConfiguredDatabase(env: NodeJS.ProcessEnv = process.env): DatabaseHandle {
	const url = env['DATABASE_URL'];
	if (url) return openPostgres(url);
	const dataDir = env['DATA_DIR'] ?? projectPath('data');
	mkdirSync(dataDir, { recursive: true });
	const unlock = lockDataDir(dataDir);
	const handle = openPglite(join(dataDir, 'db'));
	return {
		...handle,
		async close() {
			await handle.close();
			unlock();
		},
	};
}
