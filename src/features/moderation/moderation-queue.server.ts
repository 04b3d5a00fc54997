import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { photoView } from '~/features/items/photos.server';
import type { ReportReason } from '~/features/reports/reports';
import type { Database } from '~/server/db/client';
import { drives, itemImages, items, needs, reports, thankYous, users } from '~/server/db/schema';
import { mediaUrl } from '~/server/storage';
import { isSuspended } from './moderation';
import { auditLog, idsOf } from './audit-log.server';
import type { queueEntrySchema } from './moderation.routes';

/** One target of the queue: what it is, its open reports, and what happened to it before. */
export type QueueEntry = z.output<typeof queueEntrySchema>;

const queueSize = 50;

async function itemsOf(db: Database, ids: number[]) {
	if (ids.length === 0) return new Map<number, NonNullable<QueueEntry['item']>>();
	const [rows, photos] = await Promise.all([
		db
			.select({ item: items, donorName: users.name })
			.from(items)
			.innerJoin(users, eq(users.id, items.donorId))
			.where(inArray(items.id, ids)),
		db
			.select()
			.from(itemImages)
			.where(inArray(itemImages.itemId, ids))
			.orderBy(asc(itemImages.position)),
	]);
	return new Map(
		rows.map(({ item, donorName }) => [
			item.id,
			{
				id: item.id,
				name: item.name,
				description: item.description,
				status: item.status,
				hidden: item.hiddenAt !== null,
				asksForMoney: item.asksForMoney,
				photos: photos
					.filter((photo) => photo.itemId === item.id)
					.map((photo) => photoView(photo).src),
				donor: { id: item.donorId, name: donorName ?? '' },
			},
		]),
	);
}

async function usersOf(db: Database, ids: string[]) {
	if (ids.length === 0) return new Map<string, NonNullable<QueueEntry['user']>>();
	const rows = await db.select().from(users).where(inArray(users.id, ids));
	return new Map(
		rows.map((row) => [
			row.id,
			{
				id: row.id,
				name: row.name ?? '',
				avatar: mediaUrl(row.avatarKey),
				suspended: isSuspended(row),
			},
		]),
	);
}

async function thanksOf(db: Database, ids: number[]) {
	if (ids.length === 0) return new Map<number, NonNullable<QueueEntry['thanks']>>();
	const receiver = alias(users, 'receiver');
	const donor = alias(users, 'donor');
	const rows = await db
		.select({
			thanks: thankYous,
			itemName: items.name,
			receiverName: receiver.name,
			donorName: donor.name,
		})
		.from(thankYous)
		.innerJoin(items, eq(items.id, thankYous.itemId))
		.innerJoin(receiver, eq(receiver.id, thankYous.receiverId))
		.innerJoin(donor, eq(donor.id, thankYous.donorId))
		.where(inArray(thankYous.id, ids));
	return new Map(
		rows.map(({ thanks, itemName, receiverName, donorName }) => [
			thanks.id,
			{
				id: thanks.id,
				message: thanks.message,
				photo: mediaUrl(thanks.photoKey),
				hidden: thanks.hiddenAt !== null,
				item: { id: thanks.itemId, name: itemName },
				receiver: { id: thanks.receiverId, name: receiverName ?? '' },
				donor: { id: thanks.donorId, name: donorName ?? '' },
			},
		]),
	);
}

/** The reported needs by id, with their owners, as the desk shows them. */
async function needsOf(db: Database, ids: number[]) {
	if (ids.length === 0) return new Map<number, NonNullable<QueueEntry['need']>>();
	const rows = await db
		.select({ need: needs, ownerName: users.name })
		.from(needs)
		.innerJoin(users, eq(users.id, needs.ownerId))
		.where(inArray(needs.id, ids));
	return new Map(
		rows.map(({ need, ownerName }) => [
			need.id,
			{
				id: need.id,
				title: need.title,
				description: need.description,
				hidden: need.hiddenAt !== null,
				owner: { id: need.ownerId, name: ownerName ?? '' },
			},
		]),
	);
}

/** The reported drives by id, with their creators, as the desk shows them. */
async function drivesOf(db: Database, ids: number[]) {
	if (ids.length === 0) return new Map<number, NonNullable<QueueEntry['drive']>>();
	const rows = await db
		.select({ drive: drives, creatorName: users.name })
		.from(drives)
		.innerJoin(users, eq(users.id, drives.createdBy))
		.where(inArray(drives.id, ids));
	return new Map(
		rows.map(({ drive, creatorName }) => [
			drive.id,
			{
				id: drive.id,
				title: drive.title,
				story: drive.story,
				hidden: drive.hiddenAt !== null,
				creator: { id: drive.createdBy, name: creatorName ?? '' },
			},
		]),
	);
}

/** A queue entry for `targetKey` with nothing filled in yet. */
function emptyEntry(targetKey: string): QueueEntry {
	return {
		targetKey,
		item: null,
		user: null,
		thanks: null,
		need: null,
		drive: null,
		reports: [],
		earlierReports: 0,
		actions: [],
	};
}

/**
 * The desk's queue: every target with open reports (items, people, thank-yous, needs, drives),
 * the most recently reported first, then listings flagged for asking money that nobody reported;
 * each with its photos and history.
 */
export async function moderationQueue(db: Database): Promise<QueueEntry[]> {
	const reporter = alias(users, 'reporter');
	const open = await db
		.select({ report: reports, reporterName: reporter.name })
		.from(reports)
		.innerJoin(reporter, eq(reporter.id, reports.reporterId))
		.where(eq(reports.state, 'open'))
		.orderBy(desc(reports.createdAt), desc(reports.id));
	const entries = new Map<string, QueueEntry>();
	for (const { report, reporterName } of open) {
		let entry = entries.get(report.targetKey);
		if (!entry) {
			if (entries.size >= queueSize) continue;
			entry = emptyEntry(report.targetKey);
			entries.set(report.targetKey, entry);
		}
		entry.reports.push({
			id: report.id,
			reason: report.reason as ReportReason,
			details: report.details,
			createdAt: report.createdAt.toISOString(),
			reporter: { id: report.reporterId, name: reporterName ?? '' },
		});
	}
	const flagged = await db
		.select({ id: items.id })
		.from(items)
		.where(and(eq(items.asksForMoney, true), isNull(items.hiddenAt)))
		.orderBy(desc(items.createdAt))
		.limit(queueSize);
	for (const { id } of flagged) {
		const key = `item:${id}`;
		if (!entries.has(key)) entries.set(key, emptyEntry(key));
	}
	const keys = [...entries.keys()];
	const itemIds = idsOf(keys, 'item:');
	const userIds = keys.filter((key) => key.startsWith('user:')).map((key) => key.slice(5));
	const [itemMap, userMap, thanksMap, needMap, driveMap, actions, earlier] = await Promise.all([
		itemsOf(db, itemIds),
		usersOf(db, userIds),
		thanksOf(db, idsOf(keys, 'thanks:')),
		needsOf(db, idsOf(keys, 'need:')),
		drivesOf(db, idsOf(keys, 'drive:')),
		auditLog(db, keys),
		keys.length === 0
			? []
			: db
					.select({ key: reports.targetKey, count: count() })
					.from(reports)
					.where(and(inArray(reports.targetKey, keys), ne(reports.state, 'open')))
					.groupBy(reports.targetKey),
	]);
	const earlierByKey = new Map(earlier.map((row) => [row.key, Number(row.count)]));
	return [...entries.values()].flatMap((entry) => {
		const id = entry.targetKey.slice(5);
		const item = entry.targetKey.startsWith('item:') ? (itemMap.get(Number(id)) ?? null) : null;
		const user = entry.targetKey.startsWith('user:') ? (userMap.get(id) ?? null) : null;
		const thanks = entry.targetKey.startsWith('thanks:')
			? (thanksMap.get(Number(entry.targetKey.slice(7))) ?? null)
			: null;
		const need = entry.targetKey.startsWith('need:') ? (needMap.get(Number(id)) ?? null) : null;
		const drive = entry.targetKey.startsWith('drive:')
			? (driveMap.get(Number(entry.targetKey.slice(6))) ?? null)
			: null;
		if (!item && !user && !thanks && !need && !drive) return [];
		return [
			{
				...entry,
				item,
				user,
				thanks,
				need,
				drive,
				earlierReports: earlierByKey.get(entry.targetKey) ?? 0,
				actions: actions.filter((action) => action.targetKey === entry.targetKey),
			},
		];
	});
}

/** A person suspended now, for the desk's list of suspensions to lift. */
export interface SuspendedPerson {
	id: string;
	name: string;
	suspendedAt: string;
	/** `null`: for good. */
	suspendedUntil: string | null;
}

/** Everyone suspended now, the latest first. */
export async function suspendedPeople(db: Database, now = new Date()): Promise<SuspendedPerson[]> {
	const rows = await db
		.select()
		.from(users)
		.where(isNotNull(users.suspendedAt))
		.orderBy(desc(users.suspendedAt));
	return rows
		.filter((row) => isSuspended(row, now))
		.map((row) => ({
			id: row.id,
			name: row.name ?? '',
			suspendedAt: row.suspendedAt!.toISOString(),
			suspendedUntil: row.suspendedUntil?.toISOString() ?? null,
		}));
}
