import {
	and,
	count,
	desc,
	eq,
	exists,
	isNull,
	ne,
	not,
	type Placeholder,
	type SQL,
	sql,
} from 'drizzle-orm';
import { firstPages, likePattern, pageBound } from '~/features/items/item-search.server';
import type { ItemPickup, PlaceFilter } from '~/features/places/places';
import { placeFilterOf } from '~/features/places/places.server';
import type { Database } from '~/server/db/client';
import { preparedStatements } from '~/server/db/prepared';
import { needListState, needs, organisations, users } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { keptPerStamp } from '~/server/kept-per-stamp';
import { mediaUrl } from '~/server/storage';
import type { ValidNeedListQuery } from './need-list-query';
import { type NeedCard, type NeedList, urgentNearYouCount } from './need-lists';

// The needs lists: newest first, searched and filtered, or in "near me" order with verified
// organisations' needs first among each group.

/** Whether a need's owner is out of sight: suspended now, or asking to delete their account. */
const ownerGone = exists(
	sql`(select 1 from ${users} where ${users.id} = ${needs.ownerId} and (
		${users.deletionRequestedAt} is not null
		or (${users.suspendedAt} is not null
			and (${users.suspendedUntil} is null or ${users.suspendedUntil} > now()))))`,
);

/**
 * The needs anyone may find: open, not hidden, not past their closing time, and posted by
 * someone neither suspended nor leaving.
 */
export const listedNeed: SQL = and(
	// Written into the statement, not sent as a value: a prepared statement's plan may then use
	// the open needs' partial indexes, which PostgreSQL cannot match to a parameter.
	sql`${needs.state} = 'open'`,
	isNull(needs.hiddenAt),
	sql`${needs.closesAt} > now()`,
	not(ownerGone),
)!;

/** The column of each place level. */
const placeColumn = {
	province: needs.provinceCode,
	regency: needs.regencyCode,
	district: needs.districtCode,
} as const;

/** What narrows a needs list. */
export interface NeedFilters {
	search: string | undefined;
	category: string | undefined;
	place: PlaceFilter | undefined;
	urgentOnly: boolean;
}

/** The values of the filters, or the placeholders a prepared statement fills in. */
interface FilterValues {
	category?: string | Placeholder | undefined;
	placeCode?: string | Placeholder | undefined;
}

/** The filters' own values, for a statement built for them alone. */
function valuesOf(filters: NeedFilters): FilterValues {
	return { category: filters.category, placeCode: filters.place?.code };
}

/** The listed needs that match the filters, as a condition. */
function filterWhere(filters: NeedFilters, values: FilterValues = valuesOf(filters)): SQL {
	const conditions: SQL[] = [listedNeed];
	if (filters.category) conditions.push(eq(needs.category, values.category!));
	if (filters.place) conditions.push(eq(placeColumn[filters.place.level], values.placeCode!));
	if (filters.urgentOnly) conditions.push(sql`${needs.urgency} = 'urgent'`);
	// A substring of the lower-case search text, which the trigram index serves.
	if (filters.search) {
		conditions.push(sql`${needs.searchText} like lower(${likePattern(filters.search)})`);
	}
	return and(...conditions)!;
}

/** Read on every list request: prepared once per database. */
const versionRead = preparedStatements((db) =>
	db.select({ version: needListState.version }).from(needListState).prepare('need_list_version'),
);

/** The needs' list version, which a trigger raises in every transaction that changes needs. */
export async function needListVersion(db: Database): Promise<number> {
	const [state] = await versionRead(db).execute();
	return Number(state?.version ?? 0);
}

/**
 * What a kept figure of the lists is valid for: the list version, and the minute, since needs
 * also leave the lists without a write (their closing time passes, their owner is suspended).
 */
export async function needListStamp(db: Database): Promise<string> {
	return `${await needListVersion(db)} ${Math.floor(Date.now() / 60_000)}`;
}

/**
 * Totals of filter combinations (searches typed by visitors, mostly): counting every match costs
 * milliseconds on every request.
 */
const keptTotals = keptPerStamp<number>(2000);

/**
 * Pages of cards: a list's first pages are asked for again and again, and "near me" gives
 * everyone in a district the same page.
 */
const keptPages = keptPerStamp<NeedCard[]>(1000);

/** The number of listed needs that match. */
async function matchingTotal(db: Database, filters: NeedFilters): Promise<number> {
	const [row] = await db.select({ total: count() }).from(needs).where(filterWhere(filters));
	return Number(row?.total ?? 0);
}

/** Newest first, the lists' own order and each near-me group's. */
const newestFirst = [desc(needs.createdAt), desc(needs.id)];

/** Whether the need was posted for an organisation a moderator verified. */
const verifiedOrganisation = sql<boolean>`coalesce(${organisations.state} = 'verified', false)`;

/** A card's columns, its organisation joined. */
const cardColumns = {
	id: needs.id,
	title: needs.title,
	category: needs.category,
	quantity: needs.quantity,
	urgency: needs.urgency,
	regencyName: needs.regencyName,
	districtName: needs.districtName,
	photoKey: needs.photoKey,
	photoWidth: needs.photoWidth,
	photoHeight: needs.photoHeight,
	createdAt: needs.createdAt,
	organisationName: organisations.name,
	verified: verifiedOrganisation.as('verified'),
};

/** A card's row as read. */
interface CardRow {
	id: number;
	title: string;
	category: string;
	quantity: number;
	urgency: string;
	regencyName: string;
	districtName: string;
	photoKey: string | null;
	photoWidth: number | null;
	photoHeight: number | null;
	createdAt: Date;
	organisationName: string | null;
	verified: boolean;
}

/** A need's card as the API sends it. */
function cardOf(row: CardRow): NeedCard {
	return {
		id: row.id,
		title: row.title,
		category: row.category as NeedCard['category'],
		quantity: row.quantity,
		urgent: row.urgency === 'urgent',
		regencyName: row.regencyName,
		districtName: row.districtName,
		photo:
			row.photoKey && row.photoWidth && row.photoHeight
				? { src: mediaUrl(row.photoKey), width: row.photoWidth, height: row.photoHeight }
				: null,
		organisation: row.organisationName
			? { name: row.organisationName, verified: Boolean(row.verified) }
			: null,
		createdAt: new Date(row.createdAt).toISOString(),
	};
}

/**
 * The groups of a "near me" list, nearest first: the viewer's district, the rest of their city,
 * the rest of their province, everywhere else.
 */
function nearGroups(home: HomeValues): SQL[] {
	return [
		eq(needs.districtCode, home.districtCode),
		and(eq(needs.regencyCode, home.regencyCode), ne(needs.districtCode, home.districtCode))!,
		and(eq(needs.provinceCode, home.provinceCode), ne(needs.regencyCode, home.regencyCode))!,
		ne(needs.provinceCode, home.provinceCode),
	];
}

/** The need was posted for an organisation a moderator verified, as a condition on `needs`. */
const ofVerifiedOrganisation = exists(
	sql`(select 1 from ${organisations} where ${organisations.id} = ${needs.organisationId}
		and ${organisations.state} = 'verified')`,
);

/** The viewer's home codes, or the placeholders a prepared statement fills in. */
type HomeValues = Record<'districtCode' | 'regencyCode' | 'provinceCode', string | Placeholder>;

/**
 * The ids of one page in "near me" order, as a subquery: each group's verified organisations'
 * needs, then its others, newest first. Each of the eight parts reads at most the page's end
 * from an index (the district's, city's or province's, and the date index for the rest), so a
 * page costs a few short index walks however many needs are listed.
 */
function nearPageIds(
	db: Database,
	where: SQL,
	home: HomeValues,
	limit: number | Placeholder,
	offset: number | Placeholder,
): SQL {
	// Parameters arrive untyped: a sum of two needs them named as numbers.
	const end =
		typeof limit === 'number' && typeof offset === 'number'
			? pageBound(limit + offset)
			: sql`(${limit}::bigint + ${offset}::bigint)`;
	const parts = nearGroups(home).flatMap((group, index) =>
		[ofVerifiedOrganisation, not(ofVerifiedOrganisation)].map(
			(verified, second) =>
				sql`(${db
					.select({
						id: needs.id,
						rank: sql<number>`${sql.raw(String(index * 2 + second))}`.as('rank'),
						createdAt: needs.createdAt,
					})
					.from(needs)
					.where(and(group, verified, where))
					.orderBy(...newestFirst)
					.getSQL()} limit ${end})`,
		),
	);
	return sql`select id from (${sql.join(parts, sql` union all `)}) as near
		order by rank, created_at desc, id desc
		limit ${pageBound(limit)} offset ${pageBound(offset)}`;
}

/**
 * The order of a near-me page's few needs: their group (tested again, cheaper than carrying it
 * out of the subquery), verified organisations' first, newest first.
 */
function nearOrder(home: HomeValues): SQL[] {
	const group = sql.join(
		nearGroups(home).map(
			(condition, index) => sql`when ${condition} then ${sql.raw(String(index))}`,
		),
		sql` `,
	);
	return [sql`case ${group} end`, desc(verifiedOrganisation), ...newestFirst];
}

/** The ids of one page newest first, as a subquery. */
function newestPageIds(
	db: Database,
	where: SQL,
	limit: number | Placeholder,
	offset: number | Placeholder,
): SQL {
	const ids = db
		.select({ id: needs.id })
		.from(needs)
		.where(where)
		.orderBy(...newestFirst)
		.getSQL();
	return sql`${ids} limit ${pageBound(limit)} offset ${pageBound(offset)}`;
}

/**
 * The query of a page of cards: newest first, or nearest first with verified first. The page's
 * ids are found first, and only those few are joined to their organisations.
 */
function cardQuery(
	db: Database,
	filters: NeedFilters,
	values: FilterValues,
	home: HomeValues | null,
	limit: number | Placeholder,
	offset: number | Placeholder,
) {
	const where = filterWhere(filters, values);
	const ids = home
		? nearPageIds(db, where, home, limit, offset)
		: newestPageIds(db, where, limit, offset);
	return db
		.select(cardColumns)
		.from(needs)
		.leftJoin(organisations, eq(organisations.id, needs.organisationId))
		.where(sql`${needs.id} = any(array(${ids}))`)
		.orderBy(...(home ? nearOrder(home) : newestFirst));
}

/** A page's bounds, written into its statement, or left to its parameters. */
type PageBounds = { limit: number; offset: number } | null;

/**
 * The first pages' bounds are written into their statements: with a page's size unknown,
 * PostgreSQL cannot cost a plan once and keep it, and plans the statement on every request.
 */
function boundsOf(limit: number, offset: number): PageBounds {
	return firstPages({ sort: 'newest', limit, offset }) ? { limit, offset } : null;
}

/** A page's statement for one shape of filters and bounds, prepared once per database. */
function cardStatement(db: Database, filters: NeedFilters, near: boolean, bounds: PageBounds) {
	const homePlaceholders = {
		districtCode: sql.placeholder('districtCode'),
		regencyCode: sql.placeholder('regencyCode'),
		provinceCode: sql.placeholder('provinceCode'),
	};
	return cardQuery(
		db,
		filters,
		{ category: sql.placeholder('category'), placeCode: sql.placeholder('placeCode') },
		near ? homePlaceholders : null,
		bounds?.limit ?? sql.placeholder('limit'),
		bounds?.offset ?? sql.placeholder('offset'),
	).prepare('need_list_page');
}

const cardStatements = preparedStatements(
	() => new Map<string, ReturnType<typeof cardStatement>>(),
);

/**
 * A page of cards in the list's order. Without a search, through the statement of its shape,
 * prepared once; a search's page is planned for its words, as the trigram index's use depends on
 * them.
 */
async function cardPage(
	db: Database,
	filters: NeedFilters,
	home: ItemPickup | null,
	limit: number,
	offset: number,
): Promise<NeedCard[]> {
	if (filters.search) {
		const rows = await cardQuery(db, filters, valuesOf(filters), home, limit, offset);
		return rows.map(cardOf);
	}
	const bounds = boundsOf(limit, offset);
	const shape = [
		filters.category ? 'category' : '',
		filters.place?.level ?? '',
		filters.urgentOnly ? 'urgent' : '',
		home ? 'near' : '',
		bounds ? `${bounds.limit}+${bounds.offset}` : '',
	].join(':');
	const statements = cardStatements(db);
	let statement = statements.get(shape);
	if (!statement) {
		statement = cardStatement(db, filters, home !== null, bounds);
		statements.set(shape, statement);
	}
	const rows = await statement.execute({
		category: filters.category,
		placeCode: filters.place?.code,
		...(!bounds && { limit, offset }),
		...(home && {
			districtCode: home.districtCode,
			regencyCode: home.regencyCode,
			provinceCode: home.provinceCode,
		}),
	});
	return rows.map(cardOf);
}

/** "Near me" needs a district of one's own: signed out, or without one, it is refused. */
function nearMeRefused(): AppError {
	const key = 'needLists.errors.nearMeNeedsDistrict';
	return new AppError('VALIDATION_ERROR', { near: key }, undefined, { key });
}

/**
 * `GET /needs`: one page of listed needs with the list's page facts
 * (docs/product-rules.md#need-lists). `home` is the viewer's own district, which "near me"
 * orders by.
 */
export async function listNeeds(
	db: Database,
	query: ValidNeedListQuery,
	home: ItemPickup | null = null,
): Promise<NeedList> {
	const filters: NeedFilters = {
		search: query.search || undefined,
		category: query.category,
		place: await placeFilterOf(query),
		urgentOnly: query.urgent === 'true',
	};
	if (query.near === 'me' && !home) throw nearMeRefused();
	const offset = (query.page - 1) * query.limit;
	const near = query.near === 'me' ? home : null;
	const stamp = await needListStamp(db);
	const filtersKey = JSON.stringify(filters);
	const pageKey = JSON.stringify([filtersKey, near?.districtCode, query.limit, offset]);
	const [counted, cards] = await Promise.all([
		keptTotals(db, stamp, filtersKey, () => matchingTotal(db, filters)),
		keptPages(db, stamp, pageKey, () => cardPage(db, filters, near, query.limit, offset)),
	]);
	const totalPages = Math.max(1, Math.ceil(counted / query.limit));
	return {
		needs: cards,
		meta: {
			page: query.page,
			limit: query.limit,
			total: counted,
			totalPages,
			hasPrevPage: query.page > 1,
			hasNextPage: query.page < totalPages,
		},
	};
}

/**
 * The home page's urgent needs near a signed-in visitor: in their city first (their district
 * leading), verified organisations' first, newest first; none from outside their province.
 */
export async function urgentNeedsNear(db: Database, home: ItemPickup): Promise<NeedCard[]> {
	return cardPage(
		db,
		{
			search: undefined,
			category: undefined,
			place: { level: 'province', code: home.provinceCode },
			urgentOnly: true,
		},
		home,
		urgentNearYouCount,
		0,
	);
}
