import { and, eq, inArray } from 'drizzle-orm';
import { itemLimits } from '~/config/limits';
import { fieldErrors } from '~/lib/field-errors';
import { isProfileComplete } from '~/lib/profile-completeness';
import { type UserRow } from '~/server/auth/users';
import type { Database, Transaction } from '~/server/db/client';
import { courierOrders, itemImages, itemRequests, items } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import type { RateLimiter } from '~/server/rate-limit';
import { deleteFiles, type Storage } from '~/server/storage';
import type { ItemPickup } from '~/features/places/places';
import { pickupColumns, pickupOfDistrict } from '~/features/places/places.server';
import { closeActiveRequests, lockItem, statusFor } from './item-stock.server';
import { countDailyItem } from './daily-items.server';
import { findItem } from './items.server';
import { renewListing } from './listing-freshness.server';
import { itemSchemaOf, type ValidItem } from './item-schemas';
import { asksForMoney } from './money-words';
import { type Item, toggledStatus } from './items';
import { photoFiles, photoKeyFromUrl, photoRow, preparePhotos, storePhotos } from './photos.server';

interface Deps {
	db: Database;
	storage: Storage;
	rateLimiter: RateLimiter;
}

/**
 * What listing an item sets off in its transaction, once its row and photos are written: telling
 * whoever saved a search it matches. Handed in by the API's wiring, as the features that react to
 * a new item build on items.
 */
export type ItemListed = (tx: Transaction, itemId: number) => Promise<void>;

function parseFields(fields: unknown, mode: 'create' | 'edit' = 'create'): ValidItem {
	// An empty value is a missing one ("required"), not a 0 ("at least 0.1"), as on the form.
	const input = Object.fromEntries(
		Object.entries(typeof fields === 'object' && fields ? fields : {}).map(([key, value]) => [
			key,
			typeof value === 'string' && value.trim() === '' ? undefined : value,
		]),
	);
	const parsed = itemSchemaOf(mode).safeParse(input);
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

/**
 * The pickup area the form chose, or else the donor's profile district when it is one of the
 * official list. A chosen code that names no district is refused; so is having neither.
 */
async function chosenPickup(chosen: string | undefined, user: UserRow): Promise<ItemPickup> {
	const pickup = await pickupOfDistrict(chosen ?? user.areaId ?? '');
	if (pickup) return pickup;
	throw new AppError('VALIDATION_ERROR', {
		pickupDistrict: chosen
			? 'itemForm.errors.pickupDistrictUnknown'
			: 'itemForm.errors.pickupDistrictRequired',
	});
}

/**
 * The columns of the donor's choice of how to choose (docs/product-rules.md#choosing): first come
 * (0 or none), or a wait of some hours counted from `now`, the listing or the edit that chose it.
 * Choosing again on an edit starts the wait again; keeping the same wait keeps its end.
 */
function choosing(hours: number | undefined, now: Date) {
	if (!hours) return { chooseAfterHours: null, chooseAt: null, chooseToldAt: null };
	return {
		chooseAfterHours: hours,
		chooseAt: new Date(now.getTime() + hours * 60 * 60_000),
		chooseToldAt: null,
	};
}

const asViewer = (user: UserRow) => ({ id: user.id, canSeePhone: true });

/**
 * `POST /items`: checks the fields and 1–5 photos, re-encodes the photos, counts the listing
 * against the donor's daily limit, then stores files and rows together. A failure at any step
 * leaves no rows and no files behind.
 */
export async function createItem(
	deps: Deps & { itemListed: ItemListed },
	user: UserRow,
	fields: unknown,
	files: File[],
): Promise<Item> {
	requireDonor(user);
	const { pickupDistrict, chooseAfterHours, ...input } = parseFields(fields);
	const pickup = await chosenPickup(pickupDistrict, user);
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
				.values({
					...input,
					...pickupColumns(pickup),
					...choosing(chooseAfterHours, new Date()),
					donorId: user.id,
					asksForMoney: asksForMoney(input.name, input.description),
				})
				.returning({ id: items.id });
			await tx.insert(itemImages).values(
				photos.map((photo, position) => ({
					id: photo.id,
					itemId: row!.id,
					position,
					...photoRow(photo),
				})),
			);
			await deps.itemListed(tx, row!.id);
			return row!.id;
		});
		return (await findItem(deps.db, id, asViewer(user)))!;
	} catch (error) {
		await deleteFiles(deps.storage, written);
		throw error;
	}
}

/** What is reserved for receivers stays theirs: the quantity cannot go below it. */
function refuseBelowReserved(quantity: number, reserved: number): void {
	if (quantity < reserved) {
		throw new AppError('VALIDATION_ERROR', { quantity: 'form.errors.quantityBelowReserved' });
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
	const { pickupDistrict, chooseAfterHours, ...input } = parseFields(fields, 'edit');
	const pickup = pickupDistrict === undefined ? null : await chosenPickup(pickupDistrict, user);
	refuseBelowReserved(input.quantity, row.reservedQuantity);
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
			// Reservations made since the check above count too; holding all that is left, they make
			// the item RESERVED.
			const { reservedQuantity } = await lockItem(tx, id);
			refuseBelowReserved(input.quantity, reservedQuantity);
			await tx
				.update(items)
				.set({
					...input,
					...(pickup ? pickupColumns(pickup) : {}),
					...(chooseAfterHours === undefined ||
					(chooseAfterHours === (row.chooseAfterHours ?? 0) && row.chooseAt !== null)
						? {}
						: choosing(chooseAfterHours, new Date())),
					asksForMoney: asksForMoney(input.name, input.description),
					status: statusFor(input.quantity, reservedQuantity),
					updatedAt: new Date(),
				})
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

/** Whether anything of the item was handed over: its history then stays, and so does the item. */
async function hasHandOvers(db: Database, id: number): Promise<boolean> {
	const [handedOver] = await db
		.select({ id: itemRequests.id })
		.from(itemRequests)
		.where(
			and(eq(itemRequests.itemId, id), inArray(itemRequests.state, ['handedOver', 'confirmed'])),
		)
		.limit(1);
	return handedOver !== undefined;
}

/**
 * Whether the item has a courier order in one of `states`: a paid order holds units the donor
 * must ship or decline (with a refund) rather than give away or delete, and an unpaid one may
 * still be paid.
 */
async function itemHasOrders(
	tx: Pick<Database, 'select'>,
	itemId: number,
	states: readonly string[],
): Promise<boolean> {
	const [found] = await tx
		.select({ id: courierOrders.id })
		.from(courierOrders)
		.where(and(eq(courierOrders.itemId, itemId), inArray(courierOrders.state, [...states])))
		.limit(1);
	return found !== undefined;
}

/**
 * `DELETE /items/{id}`: the owner's available item, with its photos. Requests still open or
 * reserved are withdrawn and their receivers told; an item with a hand-over keeps its history and
 * cannot be deleted, only marked given away.
 */
export async function deleteItem(deps: Deps, user: UserRow, id: number): Promise<void> {
	const row = await ownedItem(deps.db, user, id);
	if (row.status !== 'AVAILABLE' || (await hasHandOvers(deps.db, id))) {
		throw new AppError('ITEM_NOT_EDITABLE');
	}
	const photos = await deps.db.select().from(itemImages).where(eq(itemImages.itemId, id));
	await deps.db.transaction(async (tx) => {
		const item = await lockItem(tx, id);
		if (item.status !== 'AVAILABLE') throw new AppError('ITEM_NOT_EDITABLE');
		// Deleting would take its courier orders along, paid or about to be.
		if (await itemHasOrders(tx, id, ['awaitingPayment', 'pending', 'paid', 'shipped'])) {
			throw new AppError('ITEM_NOT_EDITABLE');
		}
		await closeActiveRequests(tx, item, 'itemDeleted', null, new Date());
		await tx.delete(items).where(eq(items.id, id));
	});
	await deleteFiles(deps.storage, photos.flatMap(photoFiles));
}

/**
 * `PATCH /items/{id}/toggle-status`: AVAILABLE → DONATED (dated, given away without a recorded
 * receiver: requests still open or reserved are closed and their receivers told); DONATED →
 * AVAILABLE while something is left to give. A reserved or shipped item moves only through its
 * requests, and one whose every unit was handed over stays DONATED (ITEM_NOT_EDITABLE).
 */
export async function toggleItemStatus(deps: Deps, user: UserRow, id: number): Promise<Item> {
	await ownedItem(deps.db, user, id);
	await deps.db.transaction(async (tx) => {
		const item = await lockItem(tx, id);
		const status = toggledStatus(item.status as Item['status']);
		const movable = item.status === 'AVAILABLE' || (item.status === 'DONATED' && item.quantity > 0);
		if (!movable) throw new AppError('ITEM_NOT_EDITABLE');
		// Units a paid courier order holds are shipped or refunded, never given away beside it.
		if (status === 'DONATED' && (await itemHasOrders(tx, id, ['paid', 'shipped']))) {
			throw new AppError('ITEM_NOT_EDITABLE');
		}
		const now = new Date();
		if (status === 'DONATED')
			await closeActiveRequests(tx, item, 'requestClosed', 'givenAway', now);
		await tx
			.update(items)
			.set({
				status,
				reservedQuantity: 0,
				donatedAt: status === 'DONATED' ? now : null,
				updatedAt: now,
			})
			.where(eq(items.id, id));
	});
	return (await findItem(deps.db, id, asViewer(user)))!;
}

/**
 * The donor says their available item is still there, or renews it after it was hidden as
 * stale, with one tap (docs/product-rules.md#stale-listings).
 */
export async function renewItem(deps: Deps, user: UserRow, id: number): Promise<Item> {
	await ownedItem(deps.db, user, id);
	await deps.db.transaction(async (tx) => {
		const item = await lockItem(tx, id);
		if (item.status !== 'AVAILABLE') throw new AppError('ITEM_NOT_EDITABLE');
		// Only its donor's silence hid it: one a moderator or reports hid stays hidden.
		if (item.hiddenAt !== null && item.hiddenReason !== 'stale') {
			throw new AppError('ITEM_NOT_EDITABLE');
		}
		await renewListing(tx, id, new Date());
	});
	return (await findItem(deps.db, id, asViewer(user)))!;
}
