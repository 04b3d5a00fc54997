/**
 * People already signed in, for the journeys that are not about signing up or in: accounts and
 * their sessions are written into the main server's embedded database before it starts
 * (`node tests/e2e/support/seed.ts <dataDir> main`; the heroes `full` server's too), and a journey sets the session cookie of one
 * of them, as a browser that signed in earlier carries it (`signedIn` in `accounts.ts`).
 *
 * Each Playwright worker has slots of its own, numbered by its `workerIndex` (unique for the whole
 * run, retries included), and takes them in turn, so no two tests ever share a person.
 */
import { createHash } from 'node:crypto';

/** What a seeded person is: an ordinary member with a complete profile, a newcomer, a moderator. */
export type SeededKind = 'complete' | 'newcomer' | 'moderator';

/** Worker indexes with slots; a run that starts more workers (many retries) is told so. */
export const seededWorkers = 32;

/**
 * Slots of each kind per worker: more than any worker's share of the journeys needs, since one
 * worker may run half of the main project's journeys when none fails.
 */
export const seededSlots: Record<SeededKind, number> = {
	complete: 240,
	newcomer: 48,
	moderator: 12,
};

/**
 * The key that signs unsubscribe links on the seeded servers (base64url, 32 bytes), so a
 * journey can make a seeded person's link as their mail would carry it.
 */
export const seededUnsubscribeKey = 'c2VlZGVkLXVuc3Vic2NyaWJlLWtleS0wMTIzNDU2Nzg';

/** The district every seeded profile lives in, as the profile form names it. */
export const seededArea = {
	id: '31.74.07',
	name: 'Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta',
} as const;

const givenNames = ['Siti', 'Dewi', 'Eko', 'Rina', 'Agus', 'Wulan', 'Bayu', 'Putri'];
const familyNames = ['Rahma', 'Anggraini', 'Prasetyo', 'Marlina', 'Santoso', 'Lestari'];

export interface SeededPerson {
	id: string;
	email: string;
	kind: SeededKind;
	/** The session token the browser's cookie carries (the table keeps its SHA-256). */
	session: string;
	/** Unset for a newcomer, who has not completed a profile yet. */
	profile: { name: string; phoneDigits: string; address: string; areaName: string } | null;
}

/** The person in `slot` of `worker`'s share of `kind`. */
export function seededPerson(worker: number, kind: SeededKind, slot: number): SeededPerson {
	if (worker >= seededWorkers || slot >= seededSlots[kind]) {
		throw new Error(
			`No seeded ${kind} account is left for worker ${worker} (slot ${slot}): raise ` +
				'`seededWorkers` or `seededSlots` in tests/e2e/support/seeded-accounts.ts.',
		);
	}
	const id = `e2e-${kind}-${worker}-${slot}`;
	// Fixed width, so no person's name is part of another's.
	const tag = [worker, slot].map((n) => n.toString(16).padStart(2, '0').toUpperCase()).join('');
	// Unique per person: 813, a kind digit, the worker and the slot (11 digits after +62).
	const phoneDigits = `813${Object.keys(seededSlots).indexOf(kind)}${String(worker).padStart(3, '0')}${String(slot).padStart(4, '0')}`;
	return {
		id,
		email: `${id}@example.com`,
		kind,
		session: `e2e-session-${id}-0123456789abcdef`,
		profile:
			kind === 'newcomer'
				? null
				: {
						name: `${givenNames[slot % givenNames.length]} ${familyNames[worker % familyNames.length]} ${tag}`,
						phoneDigits,
						address: `Jl. Kenanga No. ${slot + 1}, RT 01/RW 02, dekat masjid`,
						areaName: seededArea.name,
					},
	};
}

/** Every seeded person, for the seed. */
export function allSeededPeople(): SeededPerson[] {
	const people: SeededPerson[] = [];
	for (let worker = 0; worker < seededWorkers; worker++) {
		for (const kind of Object.keys(seededSlots) as SeededKind[]) {
			for (let slot = 0; slot < seededSlots[kind]; slot++)
				people.push(seededPerson(worker, kind, slot));
		}
	}
	return people;
}

/** The sessions table's id of a token (`src/server/auth/sessions.ts`). */
export function sessionDigest(token: string): string {
	return createHash('sha256').update(token).digest('base64url');
}
