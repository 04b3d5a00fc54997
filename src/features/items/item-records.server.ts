import { and, desc, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ItemPickup } from '~/features/places/places';
import type { Database } from '~/server/db/client';
import { preparedStatements } from '~/server/db/prepared';
import { isoTimestamp, jsonValue } from '~/server/db/rows';
import { itemImages, items, users } from '~/server/db/schema';
import { mediaUrl } from '~/server/storage';
import type { Category, Item, ItemCondition, ItemStatus, ItemVisibility } from './items';
import { latestItemsCount } from './items';
import { photoView } from './photos.server';

// How an item is read: the columns of one row with its donor and photos, the statements that read
// such rows, and the view the API and the pages show of one.

/** Who is looking: the phone is only for signed-in viewers with a complete profile. */
export interface Viewer {
	id: string;
	canSeePhone: boolean;
}

type DonorRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'phone' | 'avatarKey' | 'areaName'>;
type PhotoRow = Pick<typeof itemImages.$inferSelect, 'key' | 'widths' | 'width' | 'height'>;

/**
 * A column of the item being read, named with its table: inside a subquery an unqualified name
 * would be the subquery's own column (`item_images.id` for `id`).
 */
function itemColumn(column: AnyPgColumn): SQL {
	return sql`${items}.${sql.identifier(column.name)}`;
}

/**
 * Everything the API shows of an item in one row: the item, its donor, and its photos in display
 * order, donor and photos as JSON from subqueries (a plain lookup of the item by id or page, no
 * join for the planner to weigh), so a detail or a page of a list is one statement. The search
 * text, a copy of name and description, stays behind.
 */
const { searchText, ...itemFields } = getTableColumns(items);
export const itemColumns = {
	...itemFields,
	donor: sql`(
		select json_build_object(
			'id', ${users.id}, 'name', ${users.name}, 'phone', ${users.phone},
			'avatarKey', ${users.avatarKey}, 'areaName', ${users.areaName}
		)
		from ${users} where ${users.id} = ${itemColumn(items.donorId)})`.as('donor'),
	photos: sql`(
		select coalesce(json_agg(json_build_object(
			'key', ${itemImages.key}, 'widths', ${itemImages.widths},
			'width', ${itemImages.width}, 'height', ${itemImages.height}
		) order by ${itemImages.position}), '[]')
		from ${itemImages} where ${itemImages.itemId} = ${itemColumn(items.id)})`.as('photos'),
};

/**
 * A row of `itemColumns` as the driver returns it, columns by their names in the database.
 * Item reads skip Drizzle's mapping of each value, which cost a large part of the server's time
 * on a page of a search (decision 011): `itemView` converts each value once, straight to what the
 * API shows.
 */
export interface ItemRecord {
	/** A bigint: a string from postgres.js. */
	id: number | string;
	donor_id: string;
	name: string;
	description: string;
	category: string;
	condition: string | null;
	weight: number;
	length: number;
	width: number;
	height: number;
	quantity: number;
	reserved_quantity: number;
	status: string;
	hidden_reason: string | null;
	/** Timestamps as PostgreSQL writes them (`2026-11-23 18:00:38.595+00`). */
	donated_at: string | null;
	pickup_province_code: string | null;
	pickup_province_name: string | null;
	pickup_regency_code: string | null;
	pickup_regency_name: string | null;
	pickup_district_code: string | null;
	pickup_district_name: string | null;
	hidden_at: string | null;
	stale_asked_at: string | null;
	choose_after_hours: number | null;
	choose_at: string | null;
	created_at: string;
	updated_at: string;
	/** JSON, parsed by the driver or text to parse. */
	donor: DonorRow | string;
	photos: PhotoRow[] | string;
}

/** A prepared statement of either driver: postgres.js's and PGlite's both answer `all` unmapped. */
type UnmappedStatement = { all(values?: Record<string, unknown>): Promise<unknown> };

/** The raw rows of a prepared item read; see `ItemRecord`. */
export async function itemRecords<Extra = object>(
	statement: object,
	values?: Record<string, unknown>,
): Promise<Array<ItemRecord & Extra>> {
	if (!('all' in statement)) throw new TypeError('the driver cannot return unmapped rows');
	return (await (statement as UnmappedStatement).all(values)) as Array<ItemRecord & Extra>;
}

/** Items with their donors and photos; the caller adds conditions, order and limits. */
function selectItems(db: Database) {
	return db.select(itemColumns).from(items);
}

/** A donor's items that lists show: available, and hidden by nobody. */
const donorAvailableWhere = and(
	eq(items.donorId, sql.placeholder('donorId')),
	eq(items.status, 'AVAILABLE'),
	isNull(items.hiddenAt),
);

/**
 * The polled detail and home list, the items of a freshly counted page, a donor's own items and
 * the page of their available ones their public profile shows, prepared once per database.
 */
export const itemReads = preparedStatements((db) => ({
	item: selectItems(db)
		.where(eq(items.id, sql.placeholder('id')))
		.prepare('item_detail'),
	itemsWithIds: selectItems(db)
		.where(sql`${items.id} = any(${sql.placeholder('ids')})`)
		.prepare('items_with_ids'),
	latest: selectItems(db)
		.where(and(eq(items.status, 'AVAILABLE'), isNull(items.hiddenAt)))
		.orderBy(desc(items.createdAt), desc(items.id))
		.limit(latestItemsCount)
		.prepare('latest_items'),
	mine: selectItems(db)
		.where(eq(items.donorId, sql.placeholder('donorId')))
		.orderBy(desc(items.createdAt), desc(items.id))
		.prepare('my_items'),
	donorAvailable: selectItems(db)
		.where(donorAvailableWhere)
		.orderBy(desc(items.createdAt), desc(items.id))
		.limit(sql.placeholder('limit'))
		.offset(sql.placeholder('offset'))
		.prepare('donor_available_items'),
	donorAvailableCount: db
		.select({ total: sql<number>`count(*)::int` })
		.from(items)
		.where(donorAvailableWhere)
		.prepare('donor_available_count'),
}));

/** The pickup area of a row; all six columns are written together, so one stands for all. */
function pickupView(record: ItemRecord): ItemPickup | null {
	if (record.pickup_district_code === null) return null;
	return {
		provinceCode: record.pickup_province_code!,
		provinceName: record.pickup_province_name!,
		regencyCode: record.pickup_regency_code!,
		regencyName: record.pickup_regency_name!,
		districtCode: record.pickup_district_code,
		districtName: record.pickup_district_name!,
	};
}

/**
 * Whether lists show the item: reported items wait for review, stale ones for their donor's
 * renewal, others a moderator hid.
 */
function visibilityOf(record: ItemRecord): ItemVisibility {
	if (record.hidden_at === null) return 'listed';
	if (record.hidden_reason === 'stale') return 'stale';
	return record.hidden_reason === 'reports' ? 'underReview' : 'hidden';
}

export function itemView(record: ItemRecord, viewer: Viewer | null): Item {
	const donor = jsonValue(record.donor);
	const showPhone = Boolean(
		donor.phone && viewer && (viewer.canSeePhone || viewer.id === donor.id),
	);
	const photos = jsonValue(record.photos).map(photoView);
	return {
		id: Number(record.id),
		name: record.name,
		description: record.description,
		category: record.category as Category,
		condition: record.condition as ItemCondition | null,
		weight: record.weight,
		length: record.length,
		width: record.width,
		height: record.height,
		quantity: record.quantity,
		reservedQuantity: record.reserved_quantity,
		status: record.status as ItemStatus,
		visibility: visibilityOf(record),
		askedStillAvailable: record.stale_asked_at !== null && record.hidden_at === null,
		chooseAfterHours: record.choose_after_hours,
		chooseAt: record.choose_at === null ? null : isoTimestamp(record.choose_at),
		donatedAt: record.donated_at === null ? null : isoTimestamp(record.donated_at),
		createdAt: isoTimestamp(record.created_at),
		updatedAt: isoTimestamp(record.updated_at),
		images: photos.map((photo) => photo.src),
		photos,
		donorId: record.donor_id,
		donor: {
			id: donor.id,
			name: donor.name ?? '',
			avatar: mediaUrl(donor.avatarKey),
			areaName: donor.areaName,
			hasPhone: Boolean(donor.phone),
			...(showPhone ? { phone: donor.phone! } : {}),
		},
		pickup: pickupView(record),
	};
}

/**
 * Lists never carry a donor's phone (cards do not show it): only the item detail does, where
 * each reveal counts against the viewer's rate limit (docs/product-rules.md#phone-privacy).
 */
export function listViewer(viewer: Viewer | null): Viewer | null {
	return viewer && { id: viewer.id, canSeePhone: false };
}

/** The items with these ids, in the order of the ids. */
export async function itemsWithIds(db: Database, ids: number[]): Promise<ItemRecord[]> {
	if (ids.length === 0) return [];
	const records = await itemRecords(itemReads(db).itemsWithIds, { ids });
	const byId = new Map(records.map((record) => [Number(record.id), record]));
	return ids.flatMap((id) => byId.get(id) ?? []);
}
