import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { thanksLimits } from '~/config/limits';
import { fieldErrors } from '~/lib/field-errors';
import { notify } from '~/features/notifications/notifications.server';
import type { UserRow } from '~/server/auth/users';
import type { Database } from '~/server/db/client';
import { preparedStatements } from '~/server/db/prepared';
import { itemRequests, items, thankYous, userBlocks, users } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { reencodeImage } from '~/server/images';
import { mediaUrl, newStorageKey, type Storage } from '~/server/storage';
import { type SentThanks, type ThankYou, thanksInputSchema, type ValidThanks } from './thanks';

interface Deps {
	db: Database;
	storage: Storage;
}

function parseThanks(body: unknown): ValidThanks {
	const parsed = thanksInputSchema.safeParse(body);
	if (!parsed.success) throw new AppError('VALIDATION_ERROR', fieldErrors(parsed.error.issues));
	return parsed.data;
}

const conflict = (key: string) => new AppError('REQUEST_CONFLICT', undefined, undefined, { key });

/** A stored photo of a thank-you: one WebP file. */
interface StoredPhoto {
	key: string;
	width: number;
	height: number;
}

/** Checks the photo from its bytes, re-encodes it without metadata, and stores it. */
async function storePhoto(storage: Storage, dataUrl: string): Promise<StoredPhoto> {
	const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
	if (bytes.length > thanksLimits.photoMaxBytes) {
		throw new AppError('IMAGE_TOO_LARGE', { photo: 'thanks.errors.photoTooLarge' });
	}
	let image;
	try {
		image = await reencodeImage(bytes, [thanksLimits.photoWidth], {
			maxBytes: thanksLimits.photoMaxBytes,
		});
	} catch (error) {
		if (error instanceof AppError && error.code === 'IMAGE_TOO_LARGE') {
			throw new AppError('IMAGE_TOO_LARGE', { photo: 'thanks.errors.photoTooLarge' });
		}
		if (error instanceof AppError) {
			throw new AppError('INVALID_IMAGE_FORMAT', { photo: 'thanks.errors.photoInvalid' });
		}
		throw error;
	}
	const variant = image.variants[0]!;
	const key = `${newStorageKey('thanks')}.webp`;
	await storage.put(key, variant.data, 'image/webp');
	return { key, width: variant.width, height: variant.height };
}

/** Whether either person blocked the other. */
async function blockedEitherWay(db: Database, one: string, other: string): Promise<boolean> {
	const [row] = await db
		.select({ blockerId: userBlocks.blockerId })
		.from(userBlocks)
		.where(
			or(
				and(eq(userBlocks.blockerId, one), eq(userBlocks.blockedId, other)),
				and(eq(userBlocks.blockerId, other), eq(userBlocks.blockedId, one)),
			),
		)
		.limit(1);
	return row !== undefined;
}

/**
 * `POST /requests/{id}/thanks`: the receiver of a confirmed giving thanks its donor, once, with
 * a message and maybe a photo; the donor is told (docs/product-rules.md#thank-yous). Nothing is
 * stored when anything is refused.
 */
export async function writeThanks(
	deps: Deps,
	receiver: UserRow,
	requestId: number,
	body: unknown,
	now = new Date(),
): Promise<{ id: number }> {
	const input = parseThanks(body);
	const [request] = Number.isSafeInteger(requestId)
		? await deps.db
				.select({
					id: itemRequests.id,
					state: itemRequests.state,
					itemId: itemRequests.itemId,
					donorId: itemRequests.donorId,
					receiverId: itemRequests.receiverId,
					itemName: items.name,
				})
				.from(itemRequests)
				.innerJoin(items, eq(items.id, itemRequests.itemId))
				.where(eq(itemRequests.id, requestId))
		: [];
	if (!request) throw new AppError('NOT_FOUND');
	// The donor thanks nobody for their own giving; anyone else does not see the request at all.
	if (request.donorId === receiver.id) throw new AppError('FORBIDDEN');
	if (request.receiverId !== receiver.id) throw new AppError('NOT_FOUND');
	if (request.state !== 'confirmed') throw conflict('thanks.errors.notConfirmed');
	const [already] = await deps.db
		.select({ id: thankYous.id })
		.from(thankYous)
		.where(eq(thankYous.requestId, request.id));
	if (already) throw conflict('thanks.errors.alreadyThanked');
	if (await blockedEitherWay(deps.db, receiver.id, request.donorId)) {
		throw new AppError('BLOCKED', undefined, undefined, { key: 'thanks.errors.blocked' });
	}
	const photo = input.photo ? await storePhoto(deps.storage, input.photo) : null;
	try {
		return await deps.db.transaction(async (tx) => {
			const [row] = await tx
				.insert(thankYous)
				.values({
					requestId: request.id,
					itemId: request.itemId,
					donorId: request.donorId,
					receiverId: receiver.id,
					message: input.message,
					photoKey: photo?.key ?? null,
					photoWidth: photo?.width ?? null,
					photoHeight: photo?.height ?? null,
					createdAt: now,
				})
				.onConflictDoNothing()
				.returning({ id: thankYous.id });
			// The same thank-you sent twice at once: the other one was stored first.
			if (!row) throw conflict('thanks.errors.alreadyThanked');
			await notify(tx, {
				userId: request.donorId,
				kind: 'thanked',
				itemId: request.itemId,
				requestId: request.id,
				data: { name: receiver.name ?? '', item: request.itemName },
			});
			return row;
		});
	} catch (error) {
		if (photo) await deps.storage.delete(photo.key);
		throw error;
	}
}

/** `DELETE /thanks/{id}`: the receiver takes back their own thank-you; NOT_FOUND for anyone else. */
export async function deleteThanks(deps: Deps, receiver: UserRow, id: number): Promise<void> {
	const [row] = Number.isSafeInteger(id)
		? await deps.db
				.delete(thankYous)
				.where(and(eq(thankYous.id, id), eq(thankYous.receiverId, receiver.id)))
				.returning({ photoKey: thankYous.photoKey })
		: [];
	if (!row) throw new AppError('NOT_FOUND');
	if (row.photoKey) await deps.storage.delete(row.photoKey);
}

/**
 * The thank-yous shown for one item or one donor, newest first, without those a moderator hid:
 * prepared once per database, as every item page reads them.
 */
const shownThanksReads = preparedStatements((db) => {
	const shownWhere = (column: typeof thankYous.itemId | typeof thankYous.donorId, name: string) =>
		db
			.select({
				thanks: thankYous,
				itemName: items.name,
				receiverName: users.name,
				receiverAvatar: users.avatarKey,
			})
			.from(thankYous)
			.innerJoin(items, eq(items.id, thankYous.itemId))
			.innerJoin(users, eq(users.id, thankYous.receiverId))
			.where(and(eq(column, sql.placeholder('id')), isNull(thankYous.hiddenAt)))
			.orderBy(desc(thankYous.createdAt), desc(thankYous.id))
			.limit(thanksLimits.listed)
			.prepare(name);
	return {
		forItem: shownWhere(thankYous.itemId, 'thanks_for_item'),
		forDonor: shownWhere(thankYous.donorId, 'thanks_for_donor'),
	};
});

type ShownThanksRow = Awaited<
	ReturnType<ReturnType<typeof shownThanksReads>['forItem']['execute']>
>[number];

function shownThanks(rows: ShownThanksRow[]): ThankYou[] {
	return rows.map(({ thanks, itemName, receiverName, receiverAvatar }) => ({
		id: thanks.id,
		message: thanks.message,
		createdAt: thanks.createdAt.toISOString(),
		photo: thanks.photoKey
			? {
					src: mediaUrl(thanks.photoKey),
					width: thanks.photoWidth ?? thanksLimits.photoWidth,
					height: thanks.photoHeight ?? thanksLimits.photoWidth,
				}
			: null,
		item: { id: thanks.itemId, name: itemName },
		receiver: {
			id: thanks.receiverId,
			name: receiverName ?? '',
			avatar: mediaUrl(receiverAvatar),
		},
	}));
}

/** The thank-yous a donor received, for their public profile. */
export async function thanksForDonor(db: Database, donorId: string): Promise<ThankYou[]> {
	return shownThanks(await shownThanksReads(db).forDonor.execute({ id: donorId }));
}

/** The thank-yous for one item, for its page. */
export async function thanksForItem(db: Database, itemId: number): Promise<ThankYou[]> {
	if (!Number.isSafeInteger(itemId)) return [];
	return shownThanks(await shownThanksReads(db).forItem.execute({ id: itemId }));
}

/** `GET /thanks/mine`: the receiver's thank-yous, by request, for their requests list. */
export async function sentThanks(db: Database, receiverId: string): Promise<SentThanks[]> {
	return db
		.select({ id: thankYous.id, requestId: thankYous.requestId })
		.from(thankYous)
		.where(eq(thankYous.receiverId, receiverId))
		.orderBy(desc(thankYous.id));
}
