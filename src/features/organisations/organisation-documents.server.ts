import { and, eq, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import { organisationLimits } from '~/config/limits';
import type { Database } from '~/server/db/client';
import { organisations } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { reencodeImage } from '~/server/images';
import { deleteFiles, newStorageKey, privateStoragePrefix, type Storage } from '~/server/storage';

interface Deps {
	db: Database;
	storage: Storage;
}

/** A document is kept wide enough to read its small print. */
export const documentWidth = 1600;

const tooLarge = () =>
	new AppError('IMAGE_TOO_LARGE', { document: 'organisations.errors.documentTooLarge' });

/**
 * Checks a document photo (a data URL) from its bytes, re-encodes it without metadata, and stores
 * it under the private prefix; returns its key.
 */
export async function storeDocument(storage: Storage, dataUrl: string): Promise<string> {
	const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
	if (bytes.length > organisationLimits.documentMaxBytes) throw tooLarge();
	let image;
	try {
		image = await reencodeImage(bytes, [documentWidth], {
			maxBytes: organisationLimits.documentMaxBytes,
		});
	} catch (error) {
		if (error instanceof AppError && error.code === 'IMAGE_TOO_LARGE') throw tooLarge();
		if (error instanceof AppError) {
			throw new AppError('INVALID_IMAGE_FORMAT', {
				document: 'organisations.errors.documentInvalid',
			});
		}
		throw error;
	}
	const key = `${newStorageKey(privateStoragePrefix)}.webp`;
	await storage.put(key, image.variants[0]!.data, 'image/webp');
	return key;
}

/** Empties the document columns of the organisations `where` names; returns the files to delete. */
async function forgetDocuments(db: Database, where: SQL | undefined, now: Date) {
	const kept = and(isNotNull(organisations.documentKey), where);
	const rows = await db
		.select({ id: organisations.id, key: organisations.documentKey })
		.from(organisations)
		.where(kept);
	if (!rows.length) return [];
	// RETURNING would give the emptied column: the keys are the ones read just before.
	await db
		.update(organisations)
		.set({ documentKey: null, documentDeletedAt: now })
		.where(
			and(
				kept,
				inArray(
					organisations.id,
					rows.map((row) => row.id),
				),
			),
		);
	return rows.map((row) => row.key!);
}

/**
 * Deletes, as of `now`, the document photos whose moderator's decision is older than
 * `organisationLimits.documentKeptMs`; returns how many.
 */
export async function deleteDecidedDocuments(deps: Deps, now = new Date()): Promise<number> {
	const decidedBefore = new Date(now.getTime() - organisationLimits.documentKeptMs);
	const keys = await forgetDocuments(
		deps.db,
		and(isNotNull(organisations.decidedAt), lt(organisations.decidedAt, decidedBefore)),
		now,
	);
	await deleteFiles(deps.storage, keys);
	return keys.length;
}

/** Deletes the document photo of `ownerId`'s organisation at once, when they delete their account. */
export async function deleteDocumentOf(deps: Deps, ownerId: string, now = new Date()) {
	await deleteFiles(
		deps.storage,
		await forgetDocuments(deps.db, eq(organisations.ownerId, ownerId), now),
	);
}

/** Deletes `ownerId`'s organisation and its document photo, when their account is purged. */
export async function deleteOrganisationOf(deps: Deps, ownerId: string): Promise<void> {
	const rows = await deps.db
		.delete(organisations)
		.where(eq(organisations.ownerId, ownerId))
		.returning({ key: organisations.documentKey });
	await deleteFiles(
		deps.storage,
		rows.flatMap((row) => (row.key ? [row.key] : [])),
	);
}
