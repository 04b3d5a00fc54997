import { eq } from 'drizzle-orm';
import { fieldErrors } from '~/lib/field-errors';
import { isProfileComplete } from '~/lib/profile-completeness';
import { pickupOfDistrict } from '~/features/places/places.server';
import { pickupAreaName } from '~/features/places/places';
import type { ItemPickup } from '~/features/places/places';
import type { UserRow } from '~/server/auth/users';
import type { Database } from '~/server/db/client';
import { organisations } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { deleteFiles, type Storage } from '~/server/storage';
import { storeDocument } from './organisation-documents.server';
import {
	type Organisation,
	type OrganisationKind,
	organisationInputSchema,
	type OrganisationState,
	type OrganisationSummary,
	reviewedFields,
	type ValidOrganisation,
} from './organisations';

interface Deps {
	db: Database;
	storage: Storage;
}

/** Who reads an organisation: the signed-in person, if any, and whether they moderate. */
export interface OrganisationReader {
	user: UserRow | null;
	isModerator: boolean;
}

type OrganisationRow = typeof organisations.$inferSelect;

/** An organisation as its owner and the moderators see it. */
export function organisationOf(row: OrganisationRow): Organisation {
	return {
		id: row.id,
		ownerId: row.ownerId,
		name: row.name,
		kind: row.kind as OrganisationKind,
		verified: row.state === 'verified',
		state: row.state as OrganisationState,
		address: row.address,
		district: {
			code: row.districtCode,
			name: pickupAreaName({
				provinceCode: row.provinceCode,
				provinceName: row.provinceName,
				regencyCode: row.regencyCode,
				regencyName: row.regencyName,
				districtCode: row.districtCode,
				districtName: row.districtName,
			}),
		},
		contactName: row.contactName,
		hasDocument: row.documentKey !== null,
		decisionNote: row.decisionNote,
		decidedAt: row.decidedAt?.toISOString() ?? null,
		createdAt: row.createdAt.toISOString(),
	};
}

/** What anyone sees of a verified organisation: its summary and its district. */
export interface PublicOrganisation extends OrganisationSummary {
	district: { regencyName: string; districtName: string };
}

function publicOrganisationOf(row: OrganisationRow): PublicOrganisation {
	return {
		id: row.id,
		name: row.name,
		kind: row.kind as OrganisationKind,
		verified: row.state === 'verified',
		district: { regencyName: row.regencyName, districtName: row.districtName },
	};
}

function parseOrganisation(body: unknown): ValidOrganisation {
	const parsed = organisationInputSchema.safeParse(body);
	if (!parsed.success) throw new AppError('VALIDATION_ERROR', fieldErrors(parsed.error.issues));
	return parsed.data;
}

async function districtOf(code: string): Promise<ItemPickup> {
	const district = await pickupOfDistrict(code);
	if (!district) {
		throw new AppError('VALIDATION_ERROR', { district: 'organisations.errors.districtUnknown' });
	}
	return district;
}

const documentRequired = () =>
	new AppError('VALIDATION_ERROR', { document: 'organisations.errors.documentRequired' });

const alreadyRegistered = () =>
	new AppError('REQUEST_CONFLICT', undefined, undefined, {
		key: 'organisations.errors.alreadyRegistered',
	});

/** The columns of the form's answers. */
function columnsOf(input: ValidOrganisation, district: ItemPickup) {
	return {
		name: input.name,
		kind: input.kind,
		address: input.address,
		contactName: input.contactName,
		...district,
	};
}

async function rowOfOwner(db: Database, ownerId: string): Promise<OrganisationRow | undefined> {
	const [row] = await db.select().from(organisations).where(eq(organisations.ownerId, ownerId));
	return row;
}

/** The caller's organisation, for `/organisation` and `GET /organisations/mine`; null if none. */
export async function myOrganisation(db: Database, ownerId: string): Promise<Organisation | null> {
	const row = await rowOfOwner(db, ownerId);
	return row ? organisationOf(row) : null;
}

/**
 * `POST /organisations`: a person with a complete profile registers the organisation they
 * represent, with a photo of a supporting document; it waits for a moderator (`pending`). One per
 * person. Nothing is stored when anything is refused.
 */
export async function registerOrganisation(
	deps: Deps,
	owner: UserRow,
	body: unknown,
	now = new Date(),
): Promise<Organisation> {
	if (!isProfileComplete(owner)) {
		throw new AppError('FORBIDDEN', undefined, undefined, {
			key: 'organisations.errors.completeProfileFirst',
		});
	}
	const input = parseOrganisation(body);
	const district = await districtOf(input.district);
	if (!input.document) throw documentRequired();
	if (await rowOfOwner(deps.db, owner.id)) throw alreadyRegistered();
	const documentKey = await storeDocument(deps.storage, input.document);
	const [row] = await deps.db
		.insert(organisations)
		.values({
			ownerId: owner.id,
			...columnsOf(input, district),
			documentKey,
			createdAt: now,
			updatedAt: now,
		})
		.onConflictDoNothing()
		.returning();
	// Registered twice at once: the other one was stored first.
	if (!row) {
		await deleteFiles(deps.storage, [documentKey]);
		throw alreadyRegistered();
	}
	return organisationOf(row);
}

/** Whether the answers change what a moderator verified: name, kind, address or district. */
function changesReviewed(row: OrganisationRow, input: ValidOrganisation): boolean {
	const now = {
		name: input.name,
		kind: input.kind,
		address: input.address,
		district: input.district,
	};
	const before = {
		name: row.name,
		kind: row.kind,
		address: row.address,
		district: row.districtCode,
	};
	return reviewedFields.some((field) => now[field] !== before[field]);
}

/**
 * `PUT /organisations/mine`: the owner edits their organisation. A refused one goes back to the
 * moderators (`pending`); so does a verified one whose name, kind, address or district changes,
 * or that sends a new document. Going back needs a document: the last one is sent again when it
 * was already deleted.
 */
export async function editOrganisation(
	deps: Deps,
	owner: UserRow,
	body: unknown,
	now = new Date(),
): Promise<Organisation> {
	const row = await rowOfOwner(deps.db, owner.id);
	if (!row) throw new AppError('NOT_FOUND');
	const input = parseOrganisation(body);
	const district = await districtOf(input.district);
	const toReview =
		row.state !== 'verified' || Boolean(input.document) || changesReviewed(row, input);
	if (toReview && !input.document && !row.documentKey) throw documentRequired();
	const documentKey = input.document ? await storeDocument(deps.storage, input.document) : null;
	const review =
		toReview && row.state !== 'pending'
			? { state: 'pending', decisionNote: null, decidedBy: null, decidedAt: null }
			: {};
	try {
		const [updated] = await deps.db
			.update(organisations)
			.set({
				...columnsOf(input, district),
				...review,
				...(documentKey ? { documentKey, documentDeletedAt: null } : {}),
				updatedAt: now,
			})
			.where(eq(organisations.id, row.id))
			.returning();
		if (!updated) throw new AppError('NOT_FOUND');
		if (documentKey && row.documentKey) await deleteFiles(deps.storage, [row.documentKey]);
		return organisationOf(updated);
	} catch (error) {
		if (documentKey) await deleteFiles(deps.storage, [documentKey]);
		throw error;
	}
}

async function rowById(db: Database, id: number): Promise<OrganisationRow | undefined> {
	if (!Number.isSafeInteger(id)) return undefined;
	const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
	return row;
}

const mayReadAll = (row: OrganisationRow, reader: OrganisationReader) =>
	reader.isModerator || reader.user?.id === row.ownerId;

/**
 * `GET /organisations/{id}`: the owner and the moderators read all of it, in any state; anyone
 * reads a verified one's summary and district; the rest is not found.
 */
export async function readOrganisation(
	db: Database,
	reader: OrganisationReader,
	id: number,
): Promise<Organisation | PublicOrganisation> {
	const row = await rowById(db, id);
	if (!row) throw new AppError('NOT_FOUND');
	if (mayReadAll(row, reader)) return organisationOf(row);
	if (row.state === 'verified') return publicOrganisationOf(row);
	throw new AppError('NOT_FOUND');
}

/**
 * `GET /organisations/{id}/document`: the document photo, to its owner and the moderators only;
 * not found for anyone else, and once deleted.
 */
export async function organisationDocument(
	deps: Deps,
	reader: OrganisationReader,
	id: number,
): Promise<Buffer> {
	const row = await rowById(deps.db, id);
	if (!row || !row.documentKey || !mayReadAll(row, reader)) throw new AppError('NOT_FOUND');
	const file = await deps.storage.get(row.documentKey);
	if (!file) throw new AppError('NOT_FOUND');
	return file;
}

/**
 * The summary other features show of an organisation (its badge, its larger quantities), by its
 * owner or by its id, in any state; null when there is none.
 */
export async function organisationSummary(
	db: Database,
	of: { userId: string } | { organisationId: number },
): Promise<OrganisationSummary | null> {
	const row =
		'userId' in of ? await rowOfOwner(db, of.userId) : await rowById(db, of.organisationId);
	if (!row) return null;
	return {
		id: row.id,
		name: row.name,
		kind: row.kind as OrganisationKind,
		verified: row.state === 'verified',
	};
}

/**
 * The organisation a profile shows: a verified one to anyone, any state to its owner; null
 * otherwise.
 */
export async function profileOrganisation(
	db: Database,
	ownerId: string,
	viewerId: string | null,
): Promise<PublicOrganisation | null> {
	const row = await rowOfOwner(db, ownerId);
	if (!row || (row.state !== 'verified' && viewerId !== ownerId)) return null;
	return publicOrganisationOf(row);
}
