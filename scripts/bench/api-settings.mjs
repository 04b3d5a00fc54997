// The API benchmark's settings: what is seeded, how hard and how long each side is loaded, and the
// targets the API is held to.
//
// BENCH_API_SECONDS (default 10), BENCH_API_ITEMS (default 100000) and BENCH_API_DATABASES
// (default postgres,pglite) shorten a trial run. BENCH_POSTGRES_URL (default
// postgres://postgres@127.0.0.1:5432/postgres) names the server on which a throwaway database is
// created and dropped again; DATABASE_POOL_SIZE (default the number of cores) sizes the server's
// pool and the bare one.
import { availableParallelism } from 'node:os';

export const itemCount = Number(process.env.BENCH_API_ITEMS ?? 100_000);
export const donorCount = 2_000;
export const connections = 50;
export const measureMs = Number(process.env.BENCH_API_SECONDS ?? 10) * 1_000;
// Not recorded: fills the pools, the page cache and V8's JIT before the clock starts (on the bare
// side it lasts until every caller has had an answer; see `drive` in load-driver.mjs).
export const warmupMs = 2_000;
// On PostgreSQL the bare run, the API and the floor take turns (see `inTurns` in
// api-postgres.mjs): this many turns, each a slice per side; a turn's bare and API slices are the
// pair whose ratio is printed. A slice is measured for its share of the measured time in whole
// seconds (wrk's unit), after a lead-in of a second (the full warm-up before the first slice of
// each side). PGlite, which one process at a time can open, has one slice per side, the bare one
// before the server starts.
export const pairs = 5;
export const sliceMs = Math.max(1, Math.round(measureMs / pairs / 1_000)) * 1_000;
export const leadInMs = 1_000;
// A request slower than this counts as an error rather than waiting forever; generous, since
// PGlite's single thread queues 50 searches into answers of several seconds on a busy machine.
export const requestTimeoutMs = 30_000;
// Connections to PostgreSQL, for the server (as its DATABASE_POOL_SIZE) and the bare run alike.
// PostgreSQL's own sizing rule is about twice its cores; here PostgreSQL, the server and this
// load generator share the machine's cores, and more connections only queue inside PostgreSQL
// (on 2 cores, 10 connections serve a third fewer searches than 4). One per core serves the
// most on both sides: on 2 cores the bare run is as fast with 2 as with 4, and the API's search
// faster, its queries sharing fewer sockets and so fewer reads and writes.
export const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? availableParallelism());
export const selectedDatabases = (process.env.BENCH_API_DATABASES ?? 'postgres,pglite').split(',');
export const adminUrl =
	process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Four words with matches and two typos that the spelling correction turns into "kursi": one
// letter replaced at the end ("kurso") and in the middle ("kurzi", too few shared trigrams for
// similarity alone).
export const searchWords = ['kursi', 'buku', 'lemari', 'sepeda', 'kurso', 'kurzi'];
export const photoWidths = [360, 720, 1280];
// What a browser sends; the server compresses JSON answers of 1 KB or more (zstd here) for it.
export const acceptEncoding = 'gzip, deflate, br, zstd';
export const requestHeaders = { accept: 'application/json', 'accept-encoding': acceptEncoding };

// The API's p95 on either endpoint, and on PostgreSQL its share of the bare throughput.
export const targets = { ratio: 0.5, p95Ms: 50 };
