import { and, asc, count, desc, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import { organisationLimits } from '~/config/limits';
import { isModerator } from '~/features/moderation/moderators.server';
import type { DriveHiddenReason } from '~/features/needs/drive-visibility.server';
import { pickupOfDistrict } from '~/features/places/places.server';
import type { UserRow } from '~/server/auth/users';
import type { ServerConfig } from '~/server/config';
import type { Database } from '~/server/db/client';
import { drives, itemRequests, needs, organisations } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { checkEndDay, driveInputSchema, driveUpdateSchema } from './drive-schemas';
import {
	type Drive,
	driveFieldErrors,
	type DriveNeed,
	type DriveSummary,
	endOfJakartaDay,
} from './drives';

interface Deps {
	db: Database;
	config: Pick<ServerConfig, 'moderatorEmails'>;
}

/** How many current drives the short list shows. */
export const currentDrivesShown = 6;

const refused = (fields: Record<string, string>) => new AppError('VALIDATION_ERROR', fields);
const ended = () =>
	new AppError('REQUEST_CONFLICT', undefined, undefined, { key: 'drives.errors.ended' });

/** The body as `schema` reads it, or VALIDATION_ERROR naming each field that is wrong. */
function parse<S extends z.ZodMiniType>(schema: S, body: unknown): z.output<S> {
	const result = schema.safeParse(body);
	if (!result.success) throw refused(driveFieldErrors(result.error.issues));
	return result.data;
}

/** The creator's verified organisation, or null; for anyone else but a moderator, FORBIDDEN. */
async function creatorsOrganisation(deps: Deps, user: UserRow) {
	const [organisation] = await deps.db
		.select({ id: organisations.id, kind: organisations.kind })
		.from(organisations)
		.where(and(eq(organisations.ownerId, user.id), eq(organisations.state, 'verified')));
	if (organisation) return organisation;
	if (isModerator(user, deps.config)) return null;
	throw new AppError('FORBIDDEN', undefined, undefined, { key: 'drives.errors.notVerified' });
}

/** Whether `user` may open a drive: the owner of a verified organisation, or a moderator. */
export async function mayOpenDrive(deps: Deps, user: UserRow): Promise<boolean> {
	return creatorsOrganisation(deps, user).then(
		() => true,
		(error: unknown) => {
			if (error instanceof AppError && error.code === 'FORBIDDEN') return false;
			throw error;
		},
	);
}

/**
 * `POST /drives`: a verified organisation's owner, or a moderator, opens a drive with its list of
 * needs. Each need becomes a `needs` row brought to the drive's address (`delivery`) that closes
 * when the drive ends. Nothing is stored when anything is refused.
 */
export async function createDrive(
	deps: Deps,
	user: UserRow,
	body: unknown,
	now = new Date(),
): Promise<{ id: number }> {
	const organisation = await creatorsOrganisation(deps, user);
	const input = parse(driveInputSchema, body);
	const fields: Record<string, string> = {};
	const dayError = checkEndDay(input.endDate, now);
	if (dayError) fields['endDate'] = dayError;
	const quantityMax = organisation
		? organisationLimits.quantityMax[
				organisation.kind as keyof typeof organisationLimits.quantityMax
			]
		: undefined;
	input.needs.forEach((need, index) => {
		if (quantityMax !== undefined && need.quantity > quantityMax) {
			fields[`needs.${index}.quantity`] = 'drives.needs.errors.quantityOverOrganisation';
		}
	});
	const place = await pickupOfDistrict(input.district);
	if (!place) fields['district'] = 'drives.errors.districtUnknown';
	if (!place || Object.keys(fields).length > 0) throw refused(fields);
	const endsAt = endOfJakartaDay(input.endDate);
	return deps.db.transaction(async (tx) => {
		const [drive] = await tx
			.insert(drives)
			.values({
				organisationId: organisation?.id ?? null,
				createdBy: user.id,
				title: input.title,
				story: input.story,
				address: input.address,
				...place,
				endsAt,
				createdAt: now,
				updatedAt: now,
			})
			.returning({ id: drives.id });
		await tx.insert(needs).values(
			input.needs.map((need) => ({
				ownerId: user.id,
				organisationId: organisation?.id ?? null,
				driveId: drive!.id,
				title: need.title,
				description: need.description ?? '',
				category: need.category,
				quantity: need.quantity,
				reach: 'delivery',
				urgency: 'normal',
				...place,
				closesAt: endsAt,
				createdAt: now,
				updatedAt: now,
			})),
		);
		return drive!;
	});
}

/** A drive's row and its organisation, or null when there is none by that id. */
async function driveRow(db: Database, id: number) {
	if (!Number.isSafeInteger(id)) return null;
	const [row] = await db
		.select({
			drive: drives,
			organisationName: organisations.name,
			organisationState: organisations.state,
		})
		.from(drives)
		.leftJoin(organisations, eq(organisations.id, drives.organisationId))
		.where(eq(drives.id, id));
	return row ?? null;
}

/** The drive's needs with what confirmed hand-overs brought each, in the order they were listed. */
async function needsWithProgress(db: Database, driveId: number): Promise<DriveNeed[]> {
	const rows = await db
		.select({
			id: needs.id,
			title: needs.title,
			description: needs.description,
			category: needs.category,
			quantity: needs.quantity,
		})
		.from(needs)
		.where(and(eq(needs.driveId, driveId), isNull(needs.hiddenAt)))
		.orderBy(asc(needs.id));
	if (rows.length === 0) return [];
	const received = await db
		.select({
			needId: itemRequests.needId,
			total: sql<string>`sum(coalesce(${itemRequests.givenQuantity}, ${itemRequests.quantity}))`,
		})
		.from(itemRequests)
		.where(
			and(
				inArray(
					itemRequests.needId,
					rows.map((row) => row.id),
				),
				eq(itemRequests.state, 'confirmed'),
			),
		)
		.groupBy(itemRequests.needId);
	const byNeed = new Map(received.map((row) => [row.needId, Number(row.total)]));
	return rows.map((row) => ({ ...row, received: byNeed.get(row.id) ?? 0 }));
}

/**
 * A drive with each need's progress, or null when there is none; a hidden drive only for a
 * moderator.
 */
export async function findDrive(
	deps: Deps,
	id: number,
	viewer: UserRow | null,
	now = new Date(),
): Promise<Drive | null> {
	const row = await driveRow(deps.db, id);
	if (!row) return null;
	const { drive } = row;
	if (drive.hiddenAt && !isModerator(viewer, deps.config)) return null;
	return {
		id: drive.id,
		title: drive.title,
		story: drive.story,
		address: drive.address,
		district: {
			code: drive.districtCode,
			name: drive.districtName,
			regencyName: drive.regencyName,
			provinceName: drive.provinceName,
		},
		endsAt: drive.endsAt.toISOString(),
		ended: drive.endsAt <= now,
		hidden: drive.hiddenAt !== null,
		hiddenReason: drive.hiddenAt ? (drive.hiddenReason as DriveHiddenReason) : null,
		createdBy: drive.createdBy,
		organisation:
			drive.organisationId !== null && row.organisationName !== null
				? {
						id: drive.organisationId,
						name: row.organisationName,
						verified: row.organisationState === 'verified',
					}
				: null,
		needs: await needsWithProgress(deps.db, drive.id),
		createdAt: drive.createdAt.toISOString(),
	};
}

/** The drive its creator (or a moderator) may change; NOT_FOUND for anyone else. */
async function changeableDrive(deps: Deps, user: UserRow, id: number, now: Date) {
	const row = await driveRow(deps.db, id);
	if (!row || (row.drive.createdBy !== user.id && !isModerator(user, deps.config))) {
		throw new AppError('NOT_FOUND');
	}
	if (row.drive.endsAt <= now) throw ended();
	return row.drive;
}

/**
 * `PATCH /drives/{id}`: its creator changes the story or the end day (today to 90 days on); the
 * needs still open close with the new end.
 */
export async function updateDrive(
	deps: Deps,
	user: UserRow,
	id: number,
	body: unknown,
	now = new Date(),
): Promise<void> {
	const drive = await changeableDrive(deps, user, id, now);
	const input = parse(driveUpdateSchema, body);
	const dayError = input.endDate ? checkEndDay(input.endDate, now) : null;
	if (dayError) throw refused({ endDate: dayError });
	const endsAt = input.endDate ? endOfJakartaDay(input.endDate) : drive.endsAt;
	await deps.db.transaction(async (tx) => {
		await tx
			.update(drives)
			.set({
				story: input.story ?? drive.story,
				endsAt,
				version: sql`${drives.version} + 1`,
				updatedAt: now,
			})
			.where(eq(drives.id, drive.id));
		await tx
			.update(needs)
			.set({ closesAt: endsAt, updatedAt: now })
			.where(and(eq(needs.driveId, drive.id), eq(needs.state, 'open')));
	});
}

/** `POST /drives/{id}/end`: its creator ends the drive now; its open needs close with it. */
export async function endDrive(
	deps: Deps,
	user: UserRow,
	id: number,
	now = new Date(),
): Promise<void> {
	const drive = await changeableDrive(deps, user, id, now);
	await deps.db.transaction(async (tx) => {
		await tx
			.update(drives)
			.set({ endsAt: now, version: sql`${drives.version} + 1`, updatedAt: now })
			.where(eq(drives.id, drive.id));
		await tx
			.update(needs)
			.set({ state: 'closed', closesAt: now, updatedAt: now })
			.where(and(eq(needs.driveId, drive.id), eq(needs.state, 'open')));
	});
}

/** Drives still taking gifts, soonest end first, for a short "Drives" section. */
export async function currentDrives(
	db: Database,
	now = new Date(),
	limit = currentDrivesShown,
): Promise<DriveSummary[]> {
	const rows = await db
		.select({
			id: drives.id,
			title: drives.title,
			organisationName: organisations.name,
			districtName: drives.districtName,
			regencyName: drives.regencyName,
			endsAt: drives.endsAt,
			needsCount: sql<number>`(select count(*)::int from ${needs} where ${needs.driveId} = ${drives.id})`,
		})
		.from(drives)
		.leftJoin(organisations, eq(organisations.id, drives.organisationId))
		.where(and(gt(drives.endsAt, now), isNull(drives.hiddenAt)))
		.orderBy(asc(drives.endsAt), asc(drives.id))
		.limit(limit);
	return rows.map((row) => ({
		...row,
		needsCount: Number(row.needsCount),
		endsAt: row.endsAt.toISOString(),
	}));
}

/** Every drive's page a search engine may list, current and ended, newest first. */
export async function drivePages(db: Database): Promise<{ id: number; updatedAt: Date }[]> {
	return db
		.select({ id: drives.id, updatedAt: drives.updatedAt })
		.from(drives)
		.where(isNull(drives.hiddenAt))
		.orderBy(desc(drives.id));
}

/** What changes the drives' sitemap part: how many drives show and the latest change. */
export async function drivesVersion(db: Database): Promise<string> {
	const [row] = await db
		.select({ total: count(), latest: max(drives.updatedAt) })
		.from(drives)
		.where(isNull(drives.hiddenAt));
	return `${row?.total ?? 0}:${row?.latest ? new Date(row.latest).getTime() : 0}`;
}
