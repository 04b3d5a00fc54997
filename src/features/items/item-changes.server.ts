import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import { itemLimits } from '~/config/limits';
import { fieldErrors, isProfileComplete } from '~/features/profiles/profiles';
import type { UserRow } from '~/features/profiles/profiles.server';
import type { Database } from '~/server/db/client';
import { itemImages, items } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import type { RateLimiter } from '~/server/rate-limit';
import type { Storage } from '~/server/storage';
import { countDailyItem } from './daily-items.server';
import { findItem } from './items.server';
import { itemInputSchema, type ValidItem } from './item-schemas';
import { type Item, toggledStatus } from './items';
import {
	deleteFiles,
	photoFiles,
	photoKeyFromUrl,
	photoRow,
	preparePhotos,
	storePhotos,
} from './photos.server';

interface Deps {
	db: Database;
	storage: Storage;
	rateLimiter: RateLimiter;
}

/** Spec section 5: dimensions start at 1 cm on add but at 0.1 cm on the edit form. */
const editDimension = (field: string) =>
	z.coerce.number(`form.errors.${field}Required`).check(
		z.refine((value) => Number.isFinite(value), `form.errors.${field}Required`),
		z.minimum(0.1, 'itemForm.errors.dimensionMinEdit'),
		z.maximum(itemLimits.dimensionMax, `form.errors.${field}Max`),
	);

/** The item form's fields on edit, where dimensions may be as small as the edit form allows. */
export const itemUpdateSchema = z.extend(itemInputSchema, {
	length: editDimension('length'),
	width: editDimension('width'),
	height: editDimension('height'),
});

function parseFields(fields: unknown, mode: 'create' | 'edit' = 'create'): ValidItem {
	// An empty value is a missing one ("required"), not a 0 ("at least 0.1"), as on the form.
	const input = Object.fromEntries(
		Object.entries(typeof fields === 'object' && fields ? fields : {}).map(([key, value]) => [
			key,
			typeof value === 'string' && value.trim() === '' ? undefined : value,
		]),
	);
	const parsed = (mode === 'edit' ? itemUpdateSchema : itemInputSchema).safeParse(input);
	if (!parsed.success) throw new AppError('VALIDATION_ERROR', fieldErrors(parsed.error.issues));
	return parsed.data;
}

function requireDonor(user: UserRow): void {
	// Donating needs a complete profile: receivers must know whom to contact and where.
	if (!isProfileComplete(user)) throw new AppError('FORBIDDEN');
}

/** The item's row when `user` owns it; NOT_FOUND or FORBIDDEN otherwise. */
async function ownedItem(db: Database, user: UserRow, id: number) {
	const [row] = Number.isSafeInteger(id)
		? await db.select().from(items).where(eq(items.id, id))
		: [];
	if (!row) throw new AppError('NOT_FOUND');
	if (row.donorId !== user.id) throw new AppError('FORBIDDEN');
	return row;
}

const asViewer = (user: UserRow) => ({ id: user.id, canSeePhone: true });

/**
 * `POST /items`: checks the fields and 1–5 photos, re-encodes the photos, counts the listing
 * against the donor's daily limit, then stores files and rows together. A failure at any step
 * leaves no rows and no files behind.
 */
export async function createItem(
	deps: Deps,
	user: UserRow,
	fields: unknown,
	files: File[],
): Promise<Item> {
	requireDonor(user);
	const input = parseFields(fields);
	if (files.length < itemLimits.imagesMin) {
		throw new AppError('VALIDATION_ERROR', { files: 'form.errors.imagesRequired' });
	}
	if (files.length > itemLimits.imagesMax) {
		throw new AppError('TOO_MANY_IMAGES', { files: 'form.errors.imagesMax' });
	}
	const photos = await preparePhotos(files);
	await countDailyItem(deps.rateLimiter, user.id);
	const written = await storePhotos(deps.storage, photos);
	try {
		const id = await deps.db.transaction(async (tx) => {
			const [row] = await tx
				.insert(items)
				.values({ ...input, donorId: user.id })
				.returning({ id: items.id });
			await tx.insert(itemImages).values(
				photos.map((photo, position) => ({
					id: photo.id,
					itemId: row!.id,
					position,
					...photoRow(photo),
				})),
			);
			return row!.id;
		});
		return (await findItem(deps.db, id, asViewer(user)))!;
	} catch (error) {
		await deleteFiles(deps.storage, written);
		throw error;
	}
}

/** `deletedImages` as sent: a JSON list of image URLs. */
function parseDeletedImages(value: unknown): string[] {
	if (value === undefined || value === null || value === '') return [];
	try {
		const list: unknown = JSON.parse(String(value));
		if (Array.isArray(list) && list.every((entry) => typeof entry === 'string')) return list;
	} catch {
		// Falls through to the validation error below.
	}
	throw new AppError('VALIDATION_ERROR', { deletedImages: 'form.errors.deletedImagesInvalid' });
}

/**
 * `PUT /items/{id}`: new fields, new photos, removed photos. Only the owner, only while the
 * item is available; at least one and at most five photos remain.
 */
export async function updateItem(
	deps: Deps,
	user: UserRow,
	id: number,
	fields: unknown,
	files: File[],
	deletedImages: unknown,
): Promise<Item> {
	const row = await ownedItem(deps.db, user, id);
	if (row.status !== 'AVAILABLE') throw new AppError('ITEM_NOT_EDITABLE');
	const input = parseFields(fields, 'edit');
	const current = await deps.db.select().from(itemImages).where(eq(itemImages.itemId, id));
	const removedKeys = new Set(parseDeletedImages(deletedImages).map(photoKeyFromUrl));
	const removed = current.filter((photo) => removedKeys.has(photo.key));
	const remaining = current.length - removed.length + files.length;
	if (remaining > itemLimits.imagesMax)
		throw new AppError('TOO_MANY_IMAGES', { files: 'form.errors.imagesMax' });
	if (remaining < itemLimits.imagesMin) {
		throw new AppError('VALIDATION_ERROR', { files: 'form.errors.imagesRequired' });
	}
	const photos = await preparePhotos(files);
	const written = await storePhotos(deps.storage, photos);
	try {
		await deps.db.transaction(async (tx) => {
			await tx
				.update(items)
				.set({ ...input, updatedAt: new Date() })
				.where(eq(items.id, id));
			if (removed.length > 0) {
				await tx.delete(itemImages).where(
					inArray(
						itemImages.id,
						removed.map((photo) => photo.id),
					),
				);
			}
			const kept = current.filter((photo) => !removedKeys.has(photo.key));
			for (const [position, photo] of kept.entries()) {
				await tx.update(itemImages).set({ position }).where(eq(itemImages.id, photo.id));
			}
			if (photos.length > 0) {
				await tx.insert(itemImages).values(
					photos.map((photo, index) => ({
						id: photo.id,
						itemId: id,
						position: kept.length + index,
						...photoRow(photo),
					})),
				);
			}
		});
	} catch (error) {
		await deleteFiles(deps.storage, written);
		throw error;
	}
	await deleteFiles(deps.storage, removed.flatMap(photoFiles));
	return (await findItem(deps.db, id, asViewer(user)))!;
}

/** `DELETE /items/{id}`: the owner's available item, with its photos. */
export async function deleteItem(deps: Deps, user: UserRow, id: number): Promise<void> {
	const row = await ownedItem(deps.db, user, id);
	if (row.status !== 'AVAILABLE') throw new AppError('ITEM_NOT_EDITABLE');
	const photos = await deps.db.select().from(itemImages).where(eq(itemImages.itemId, id));
	await deps.db.delete(items).where(and(eq(items.id, id), eq(items.status, 'AVAILABLE')));
	await deleteFiles(deps.storage, photos.flatMap(photoFiles));
}

/** `PATCH /items/{id}/toggle-status`: AVAILABLE → DONATED (dated), anything else → AVAILABLE. */
export async function toggleItemStatus(deps: Deps, user: UserRow, id: number): Promise<Item> {
	const row = await ownedItem(deps.db, user, id);
	const status = toggledStatus(row.status as Item['status']);
	await deps.db
		.update(items)
		.set({
			status,
			donatedAt: status === 'DONATED' ? sql`now()` : null,
			updatedAt: new Date(),
		})
		.where(eq(items.id, id));
	return (await findItem(deps.db, id, asViewer(user)))!;
}
