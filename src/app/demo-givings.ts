import { and, eq, gt, isNull, lt, max } from 'drizzle-orm';
import { expireReservations } from '~/features/requests/request-expiry.server';
import {
	type DeclineReason,
	type RequestAction,
	requestTransitions,
} from '~/features/requests/requests';
import { askForItem } from '~/features/requests/asking.server';
import { changeRequest } from '~/features/requests/requests.server';
import { findUser, type UserRow } from '~/server/auth/users';
import type { Database } from '~/server/db/client';
import { items, notifications } from '~/server/db/schema';

/** The demo's people by first name: the donors and the receivers. */
export type DemoPerson = 'ani' | 'budi' | 'citra' | 'dewi' | 'eko';

/** A demo item as listed: its id and donor. */
export interface ListedItem {
	id: number;
	donor: DemoPerson;
}

/** One step of a request after it was asked, `daysAgo` days before the demo is loaded. */
type Step =
	| { action: RequestAction; daysAgo: number; quantity?: number; reason?: DeclineReason }
	| { action: 'expire'; daysAgo: number };

/** A receiver's request for an item, from asking to where the demo finds it. */
interface DemoRequest {
	item: string;
	receiver: DemoPerson;
	quantity: number;
	askedDaysAgo: number;
	steps: Step[];
}

/**
 * The demo's givings, one request in every state (docs/product-rules.md#givings): four confirmed
 * hand-overs, so the rankings are alive and differ from a count of items marked donated; one
 * handed over and awaiting its confirmation; one reserved, one open; one declined because the
 * receiver never came, one withdrawn, one whose reservation expired.
 */
const demoRequests: DemoRequest[] = [
	{
		item: 'Novel klasik Indonesia',
		receiver: 'eko',
		quantity: 1,
		askedDaysAgo: 72,
		steps: [
			{ action: 'reserve', daysAgo: 71.5 },
			{ action: 'handOver', daysAgo: 70 },
			{ action: 'confirm', daysAgo: 69.9 },
		],
	},
	{
		item: 'Kipas angin berdiri',
		receiver: 'dewi',
		quantity: 1,
		askedDaysAgo: 42,
		steps: [
			{ action: 'reserve', daysAgo: 41.8 },
			{ action: 'handOver', daysAgo: 40 },
			{ action: 'confirm', daysAgo: 39.9 },
		],
	},
	{
		item: 'Seragam SD',
		receiver: 'eko',
		quantity: 4,
		askedDaysAgo: 14,
		steps: [
			{ action: 'reserve', daysAgo: 13.8 },
			{ action: 'handOver', daysAgo: 12 },
			{ action: 'confirm', daysAgo: 11.9 },
		],
	},
	{
		item: 'Monitor 22 inci',
		receiver: 'dewi',
		quantity: 1,
		askedDaysAgo: 9,
		steps: [
			{ action: 'reserve', daysAgo: 8 },
			{ action: 'expire', daysAgo: 4.9 },
		],
	},
	{
		item: 'Raket bulu tangkis',
		receiver: 'eko',
		quantity: 2,
		askedDaysAgo: 7,
		steps: [
			{ action: 'reserve', daysAgo: 6.5 },
			{ action: 'decline', daysAgo: 4, reason: 'noShow' },
		],
	},
	{
		item: 'Set panci masak',
		receiver: 'dewi',
		quantity: 1,
		askedDaysAgo: 4.5,
		steps: [
			{ action: 'reserve', daysAgo: 4.2 },
			{ action: 'handOver', daysAgo: 3 },
			{ action: 'confirm', daysAgo: 2.9 },
		],
	},
	{
		item: 'Buku cerita anak',
		receiver: 'dewi',
		quantity: 1,
		askedDaysAgo: 4,
		steps: [{ action: 'withdraw', daysAgo: 3.2 }],
	},
	{
		item: 'Kemeja batik pria',
		receiver: 'dewi',
		quantity: 2,
		askedDaysAgo: 2.5,
		steps: [
			{ action: 'reserve', daysAgo: 2 },
			{ action: 'handOver', daysAgo: 1 },
		],
	},
	{
		item: 'Rice cooker 1,8 liter',
		receiver: 'eko',
		quantity: 1,
		askedDaysAgo: 1.5,
		steps: [{ action: 'reserve', daysAgo: 1 }],
	},
	{ item: 'Kursi kayu jati', receiver: 'dewi', quantity: 1, askedDaysAgo: 0.08, steps: [] },
];

/** Given to a neighbour and marked donated by its donor alone: self-reported, never impact. */
const selfReported = { item: 'Rak buku tiga susun', daysAgo: 20 };

/** Notifications older than this are read already: the bell shows the latest news as new. */
const unreadForDays = 2;

const day = 24 * 60 * 60_000;

/**
 * Plays the demo's requests through the same functions the API calls, oldest step first, so
 * every row (the items' quantities, reservations and statuses, the requests, both sides'
 * notifications) is one the product itself would have written, dated as if it happened then.
 */
export async function loadDemoGivings(
	db: Database,
	people: Record<DemoPerson, string>,
	listed: Map<string, ListedItem>,
	now = Date.now(),
): Promise<void> {
	const rows = new Map<DemoPerson, UserRow>();
	for (const [person, id] of Object.entries(people) as [DemoPerson, string][]) {
		rows.set(person, (await findUser(db, id))!);
	}
	const itemOf = (name: string) => listed.get(name)!;
	const requestIds = new Map<DemoRequest, number>();
	const events = demoRequests.flatMap((request) => [
		{ daysAgo: request.askedDaysAgo, request, step: null },
		...request.steps.map((step) => ({ daysAgo: step.daysAgo, request, step })),
	]);
	events.sort((a, b) => b.daysAgo - a.daysAgo);

	for (const { daysAgo, request, step } of events) {
		const at = new Date(now - daysAgo * day);
		await datingNotifications(db, at, async () => {
			const item = itemOf(request.item);
			if (!step) {
				const receiver = rows.get(request.receiver)!;
				const asked = await askForItem(db, receiver, item.id, request.quantity, { now: at });
				requestIds.set(request, asked.request.id);
			} else if (step.action === 'expire') {
				await expireReservations(db, at);
			} else {
				const actor = requestTransitions[step.action].actor;
				const user = rows.get(actor === 'donor' ? item.donor : request.receiver)!;
				await changeRequest(db, user, requestIds.get(request)!, step, at);
			}
		});
	}

	const given = new Date(now - selfReported.daysAgo * day);
	await db
		.update(items)
		.set({ status: 'DONATED', donatedAt: given, updatedAt: given })
		.where(eq(items.id, itemOf(selfReported.item).id));
	await db
		.update(notifications)
		.set({ readAt: new Date(now) })
		.where(
			and(
				isNull(notifications.readAt),
				lt(notifications.createdAt, new Date(now - unreadForDays * day)),
			),
		);
}

/** Runs `change` and dates the notifications it wrote at `at`, when it happened. */
async function datingNotifications(db: Database, at: Date, change: () => Promise<void>) {
	const [before] = await db.select({ id: max(notifications.id) }).from(notifications);
	await change();
	await db
		.update(notifications)
		.set({ createdAt: at })
		.where(gt(notifications.id, Number(before?.id ?? 0)));
}
