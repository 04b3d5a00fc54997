import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { needLimits, organisationLimits } from '~/config/limits';
import { fieldErrors } from '~/lib/field-errors';
import { isProfileComplete } from '~/lib/profile-completeness';
import type { UserRow } from '~/server/auth/users';
import type { Database, Transaction } from '~/server/db/client';
import { itemRequests, needs, organisations, users } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import type { RateLimiter } from '~/server/rate-limit';
import { mediaUrl, type Storage } from '~/server/storage';
import { asksForMoney } from '~/features/items/money-words';
import { pickupOfDistrict } from '~/features/places/places.server';
import { needPhotoWidth, type NeedPhoto, storeNeedPhoto } from './need-photos.server';
import { type Need, needInputSchema, type ValidNeed } from './needs';

interface Deps {
	db: Database;
	storage: Storage;
	rateLimiter: RateLimiter;
}

/** What a newly posted need sets off, in its transaction: telling whoever saved a search it matches. */
export type NeedPosted = (tx: Transaction, needId: number) => Promise<void>;

export type NeedRow = typeof needs.$inferSelect;

/** Who reads a need: its owner and moderators also see it hidden. */
export type NeedViewer = Pick<UserRow, 'id' | 'role'> | null;

const conflict = (key: string, values?: Record<string, number>) =>
	new AppError('REQUEST_CONFLICT', undefined, undefined, {
		key: `needs.errors.${key}`,
		...(values ? { values } : {}),
	});

function parseNeed(body: unknown): ValidNeed {
	const parsed = needInputSchema.safeParse(body);
	if (!parsed.success) throw new AppError('VALIDATION_ERROR', fieldErrors(parsed.error.issues));
	return parsed.data;
}

/** The district chosen, else the owner's profile district; a code of no district is refused. */
async function chosenArea(chosen: string | undefined, fallback: string | null) {
	const area = await pickupOfDistrict(chosen ?? fallback ?? '');
	if (area) return area;
	throw new AppError('VALIDATION_ERROR', {
		district: chosen ? 'needs.errors.districtUnknown' : 'needs.errors.districtRequired',
	});
}

/** The owner's organisation when it is verified, else null. */
export async function verifiedOrganisation(db: Database | Transaction, ownerId: string) {
	const [row] = await db
		.select({ id: organisations.id, name: organisations.name, kind: organisations.kind })
		.from(organisations)
		.where(and(eq(organisations.ownerId, ownerId), eq(organisations.state, 'verified')));
	return row ?? null;
}

/**
 * Whether the need is posted for the owner's verified organisation, and how many of one thing
 * it may ask for: a person's limit, or the organisation's by its kind.
 */
async function postingFor(db: Database | Transaction, owner: UserRow, forOrganisation: boolean) {
	if (!forOrganisation) return { organisationId: null, quantityMax: needLimits.quantityMax };
	const organisation = await verifiedOrganisation(db, owner.id);
	if (!organisation) {
		throw new AppError('VALIDATION_ERROR', { forOrganisation: 'needs.errors.notVerified' });
	}
	const kind = organisation.kind as keyof typeof organisationLimits.quantityMax;
	return {
		organisationId: organisation.id,
		quantityMax: organisationLimits.quantityMax[kind] ?? organisationLimits.quantityMax.other,
	};
}

function refuseOverQuantity(quantity: number, max: number, organisation: boolean): void {
	if (quantity <= max) return;
	throw new AppError('VALIDATION_ERROR', {
		quantity: organisation ? 'needs.errors.quantityMaxOrganisation' : 'needs.errors.quantityMax',
	});
}

/** Holds the owner's row until the transaction ends, so their posts take turns with the limits. */
async function lockOwner(tx: Transaction, ownerId: string): Promise<void> {
	await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
}

/** Refuses a need beyond the open needs one person may have (a drive's needs do not count). */
async function refuseAtOpenLimit(tx: Transaction, ownerId: string): Promise<void> {
	const [open] = await tx
		.select({ count: count() })
		.from(needs)
		.where(and(eq(needs.ownerId, ownerId), eq(needs.state, 'open'), isNull(needs.driveId)));
	if ((open?.count ?? 0) >= needLimits.openPerPerson) {
		throw new AppError('REQUEST_LIMIT', undefined, undefined, {
			key: 'needs.errors.tooManyOpen',
			values: { count: needLimits.openPerPerson },
		});
	}
}

const dayMs = 24 * 60 * 60_000;

/** Counts a need about to be posted against the day's limit, refusing it past the limit. */
async function countDailyNeed(limiter: RateLimiter, ownerId: string): Promise<void> {
	const today = await limiter.hit(`needs-posted:user:${ownerId}`, {
		limit: needLimits.createdPerDay,
		windowMs: dayMs,
	});
	if (today.allowed) return;
	throw new AppError('RATE_LIMITED', undefined, today.retryAfterSeconds, {
		key: 'needs.errors.dailyLimit',
		values: { count: needLimits.createdPerDay },
	});
}

const photoColumns = (photo: NeedPhoto | null) => ({
	photoKey: photo?.key ?? null,
	photoWidth: photo?.width ?? null,
	photoHeight: photo?.height ?? null,
});

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/**
 * `POST /needs`: a person with a complete profile posts a need, for themselves or for their
 * verified organisation, within the open and daily limits. Nothing is stored when anything is
 * refused.
 */
export async function createNeed(
	deps: Deps & { needPosted: NeedPosted },
	owner: UserRow,
	body: unknown,
	now = new Date(),
): Promise<{ id: number }> {
	if (!isProfileComplete(owner)) throw new AppError('FORBIDDEN');
	const { district, forOrganisation, photo: photoUrl, ...input } = parseNeed(body);
	const area = await chosenArea(district, owner.areaId);
	const posting = await postingFor(deps.db, owner, forOrganisation ?? false);
	refuseOverQuantity(input.quantity, posting.quantityMax, posting.organisationId !== null);
	await deps.db.transaction(async (tx) => {
		await lockOwner(tx, owner.id);
		await refuseAtOpenLimit(tx, owner.id);
	});
	await countDailyNeed(deps.rateLimiter, owner.id);
	const photo = photoUrl ? await storeNeedPhoto(deps.storage, photoUrl) : null;
	try {
		return await deps.db.transaction(async (tx) => {
			await lockOwner(tx, owner.id);
			await refuseAtOpenLimit(tx, owner.id);
			const [row] = await tx
				.insert(needs)
				.values({
					...input,
					...area,
					...photoColumns(photo),
					ownerId: owner.id,
					organisationId: posting.organisationId,
					asksForMoney: asksForMoney(input.title, input.description),
					closesAt: later(now, needLimits.openMs),
					createdAt: now,
					updatedAt: now,
				})
				.returning({ id: needs.id });
			await deps.needPosted(tx, row!.id);
			return row!;
		});
	} catch (error) {
		if (photo) await deps.storage.delete(photo.key);
		throw error;
	}
}

/** The need's row when `user` owns it; NOT_FOUND for a need that is not there or not theirs to see. */
export async function ownedNeed(db: Database | Transaction, user: UserRow, id: number) {
	const [row] = Number.isSafeInteger(id)
		? await db.select().from(needs).where(eq(needs.id, id))
		: [];
	if (!row || (row.hiddenAt && row.ownerId !== user.id)) throw new AppError('NOT_FOUND');
	if (row.ownerId !== user.id) throw new AppError('FORBIDDEN');
	return row;
}

/**
 * `PUT /needs/{id}`: the owner changes an open need's fields; a new photo replaces the old one,
 * `photo: null` removes it, and leaving it out keeps it.
 */
export async function updateNeed(
	deps: Deps,
	owner: UserRow,
	id: number,
	body: unknown,
	now = new Date(),
): Promise<void> {
	const { district, forOrganisation, photo: photoUrl, ...input } = parseNeed(body);
	const need = await ownedNeed(deps.db, owner, id);
	if (need.state !== 'open') throw conflict('notOpen');
	const area = district === undefined ? null : await chosenArea(district, null);
	const posting = await postingFor(deps.db, owner, forOrganisation ?? need.organisationId !== null);
	refuseOverQuantity(input.quantity, posting.quantityMax, posting.organisationId !== null);
	const photo = photoUrl ? await storeNeedPhoto(deps.storage, photoUrl) : null;
	const photoChange = photoUrl === undefined ? {} : photoColumns(photo);
	try {
		await deps.db
			.update(needs)
			.set({
				...input,
				...(area ?? {}),
				...photoChange,
				organisationId: posting.organisationId,
				asksForMoney: asksForMoney(input.title, input.description),
				version: sql`${needs.version} + 1`,
				updatedAt: now,
			})
			.where(eq(needs.id, need.id));
	} catch (error) {
		if (photo) await deps.storage.delete(photo.key);
		throw error;
	}
	if (photoUrl !== undefined && need.photoKey) await deps.storage.delete(need.photoKey);
}

/**
 * `POST /needs/{id}/renew`: the owner keeps a need open for another `needLimits.openMs` from now;
 * a need closed by time opens again, within the open limit.
 */
export async function renewNeed(db: Database, owner: UserRow, id: number, now = new Date()) {
	await db.transaction(async (tx) => {
		await lockOwner(tx, owner.id);
		const need = await ownedNeed(tx, owner, id);
		if (need.state === 'fulfilled') throw conflict('notOpen');
		if (need.state === 'closed' && need.driveId === null) await refuseAtOpenLimit(tx, owner.id);
		await tx
			.update(needs)
			.set({
				state: 'open',
				closesAt: later(now, needLimits.openMs),
				renewedAt: now,
				updatedAt: now,
			})
			.where(eq(needs.id, need.id));
	});
}

/** `POST /needs/{id}/close`: the owner marks an open need `fulfilled`, or `closed` unanswered. */
export async function closeNeed(
	db: Database,
	owner: UserRow,
	id: number,
	state: 'fulfilled' | 'closed',
	now = new Date(),
): Promise<void> {
	const need = await ownedNeed(db, owner, id);
	if (need.state !== 'open') throw conflict('notOpen');
	await db.update(needs).set({ state, updatedAt: now }).where(eq(needs.id, need.id));
}

/** `DELETE /needs/{id}`: the owner deletes a need, its offers and its photo; givings stay. */
export async function deleteNeed(deps: Deps, owner: UserRow, id: number): Promise<void> {
	const need = await ownedNeed(deps.db, owner, id);
	await deps.db.delete(needs).where(eq(needs.id, need.id));
	if (need.photoKey) await deps.storage.delete(need.photoKey);
}

/** Whether `viewer` may see a need a moderator or its owner's account hid. */
export function seesHidden(need: Pick<NeedRow, 'ownerId'>, viewer: NeedViewer): boolean {
	return viewer !== null && (viewer.id === need.ownerId || viewer.role === 'moderator');
}

/** The givings that answer a need and were confirmed by their receiver. */
const answeredCount = sql<number>`(select count(*)::int from ${itemRequests}
	where ${itemRequests.needId} = ${needs.id} and ${itemRequests.state} = 'confirmed')`;

/** The needs where `where` says, each as its page shows it. */
async function needViews(db: Database, where: ReturnType<typeof and>): Promise<Need[]> {
	const rows = await db
		.select({
			need: needs,
			ownerName: users.name,
			ownerAvatar: users.avatarKey,
			organisationName: organisations.name,
			answered: answeredCount,
		})
		.from(needs)
		.innerJoin(users, eq(users.id, needs.ownerId))
		.leftJoin(
			organisations,
			and(eq(organisations.id, needs.organisationId), eq(organisations.state, 'verified')),
		)
		.where(where)
		.orderBy(desc(needs.createdAt), desc(needs.id));
	return rows.map(({ need, ownerName, ownerAvatar, organisationName, answered }) => ({
		id: need.id,
		title: need.title,
		description: need.description,
		category: need.category as Need['category'],
		quantity: need.quantity,
		reach: need.reach as Need['reach'],
		urgency: need.urgency as Need['urgency'],
		area: {
			districtCode: need.districtCode,
			districtName: need.districtName,
			regencyName: need.regencyName,
			provinceName: need.provinceName,
		},
		photo: need.photoKey
			? {
					src: mediaUrl(need.photoKey),
					width: need.photoWidth ?? needPhotoWidth,
					height: need.photoHeight ?? needPhotoWidth,
				}
			: null,
		state: need.state as Need['state'],
		hidden: need.hiddenAt !== null,
		asksForMoney: need.asksForMoney,
		createdAt: need.createdAt.toISOString(),
		closesAt: need.closesAt.toISOString(),
		owner: { id: need.ownerId, name: ownerName ?? '', avatar: mediaUrl(ownerAvatar) },
		organisation:
			need.organisationId !== null && organisationName !== null
				? { id: need.organisationId, name: organisationName, verified: true as const }
				: null,
		answered: Number(answered),
	}));
}

/** `GET /needs/{id}`: a need as its page shows it; a hidden one only to its owner and moderators. */
export async function findNeed(db: Database, id: number, viewer: NeedViewer): Promise<Need> {
	const [need] = Number.isSafeInteger(id) ? await needViews(db, and(eq(needs.id, id))) : [];
	if (!need || (need.hidden && !seesHidden({ ownerId: need.owner.id }, viewer))) {
		throw new AppError('NOT_FOUND');
	}
	return need;
}

/** `GET /needs/mine`: the owner's needs, newest first, whatever their state. */
export function myNeeds(db: Database, ownerId: string): Promise<Need[]> {
	return needViews(db, and(eq(needs.ownerId, ownerId)));
}
