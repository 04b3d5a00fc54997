// The requests benchmark's settings: what is seeded beside the API benchmark's items, which calls
// are measured, and how long each side is loaded. The callers, the pool, the warm-up, the turns and
// the p95 target are the API benchmark's (api-settings.mjs), so the two read alike.
//
// BENCH_REQUESTS_SECONDS (default 10) shortens a trial run; BENCH_API_ITEMS, BENCH_POSTGRES_URL
// and DATABASE_POOL_SIZE are read as the API benchmark reads them.
import { pairs } from './api-settings.mjs';

export const measureMs = Number(process.env.BENCH_REQUESTS_SECONDS ?? 10) * 1_000;
// Each side's share of the measured time in each turn (see `takeTurns` in requests.mjs).
export const sliceMs = Math.max(500, Math.round(measureMs / pairs));

// Receivers with a complete profile, each signed in with a session of their own. They hold the
// seeded requests (about ten each) and make the new ones: the server lets a receiver have 5
// requests open or reserved at once, so the seed withdraws a receiver's older open requests past
// `heldAtMost` (their reservations stay), which leaves most of them room to ask for more.
export const receiverCount = 20_000;
export const heldAtMost = 3;

// Requests for most items, `requestsPerItem` on average, and `popularRequests` for every
// `popularEvery`-th item: the donors' lists that are loaded.
export const requestsPerItem = 1.8;
export const popularEvery = 100;
export const popularRequests = 20;

// What each call measures, in the order they run: the lists on the seeded data first, then the
// writes that add to it.
// `name` labels the call's row in the final summary.
export const endpoints = [
	{ key: 'donorList', name: 'donor list', label: 'GET /api/items/{id}/requests' },
	{ key: 'receiverList', name: 'receiver list', label: 'GET /api/requests/mine' },
	{ key: 'ask', name: 'ask', label: 'POST /api/items/{id}/requests (new, 201)' },
	{ key: 'askAgain', name: 'ask again', label: 'POST /api/items/{id}/requests (again, 200)' },
];
