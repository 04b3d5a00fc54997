import { sql } from 'drizzle-orm';
import {
	bigint,
	boolean,
	check,
	doublePrecision,
	index,
	integer,
	jsonb,
	pgTable,
	primaryKey,
	text,
	timestamp,
	uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A person, keyed by the identity provider that signed them in (issuer + subject). */
export const users = pgTable(
	'users',
	{
		id: text('id').primaryKey(),
		issuer: text('issuer').notNull(),
		subject: text('subject').notNull(),
		email: text('email'),
		name: text('name'),
		/** E.164, `+628…`; unique so one WhatsApp number belongs to one donor. */
		phone: text('phone'),
		address: text('address'),
		areaId: text('area_id'),
		areaName: text('area_name'),
		/** Storage key of the re-encoded avatar. */
		avatarKey: text('avatar_key'),
		bio: text('bio'),
		/** `member`, or `moderator` (granted with the admin CLI, or listed in `MODERATOR_EMAILS`). */
		role: text('role').notNull().default('member'),
		/** Set while suspended; `suspendedUntil` null means for good (docs/product-rules.md#trust-and-safety). */
		suspendedAt: timestamp('suspended_at', { withTimezone: true }),
		suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
		/**
		 * When the person asked to delete their account: signed out and out of sight at once, purged
		 * after the grace period unless they sign in again before it ends.
		 */
		deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
		/**
		 * When the person asked to be left out of the heroes rankings (their objection to being
		 * ranked); their givings still count in the site's totals. Null: ranked like everyone.
		 */
		leftRankingsAt: timestamp('left_rankings_at', { withTimezone: true }),
		/**
		 * The versions of the terms and the privacy policy the person last accepted (their `updated`
		 * dates, `legalVersions`), confirming they are 17 or older; null before they first did. The
		 * record of each acceptance is in `consents`.
		 */
		acceptedTermsVersion: text('accepted_terms_version'),
		acceptedPrivacyVersion: text('accepted_privacy_version'),
		/** Whether the identity provider vouches for `email` (its `email_verified` claim): only then is mail sent to it. */
		emailVerified: boolean('email_verified').notNull().default(false),
		createdAt,
		updatedAt,
	},
	(table) => [
		uniqueIndex('users_identity_idx').on(table.issuer, table.subject),
		uniqueIndex('users_phone_idx').on(table.phone),
		// The few people suspended or leaving, whose needs a list leaves out: found without
		// reading every person.
		index('users_gone_idx')
			.on(table.id)
			.where(sql`deletion_requested_at is not null or suspended_at is not null`),
		check('users_role_check', sql`${table.role} in ('member', 'moderator')`),
	],
);

/** Signed-in browser sessions; the cookie holds a random token, the table its SHA-256. */
export const sessions = pgTable(
	'sessions',
	{
		id: text('id').primaryKey(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		idToken: text('id_token'),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		createdAt,
	},
	(table) => [index('sessions_user_idx').on(table.userId)],
);

/** Email and password accounts of the built-in sign-in provider. */
export const localAccounts = pgTable('local_accounts', {
	id: text('id').primaryKey(),
	email: text('email').notNull().unique(),
	passwordHash: text('password_hash').notNull(),
	/** When the owner opened the link mailed to the address; null until then. */
	emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
	createdAt,
});

/**
 * Links that set a new password for a built-in account, sent when its password was forgotten.
 * Only the SHA-256 of the link's token is kept; a row is deleted when its link is used.
 */
export const passwordResetTokens = pgTable(
	'password_reset_tokens',
	{
		digest: text('digest').primaryKey(),
		accountId: text('account_id')
			.notNull()
			.references(() => localAccounts.id, { onDelete: 'cascade' }),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		createdAt,
	},
	(table) => [index('password_reset_tokens_account_idx').on(table.accountId)],
);

/** Storage of the built-in provider (sessions, interactions, codes, grants, tokens). */
export const oidcPayloads = pgTable(
	'oidc_payloads',
	{
		id: text('id').notNull(),
		type: text('type').notNull(),
		payload: jsonb('payload').notNull(),
		grantId: text('grant_id'),
		userCode: text('user_code'),
		uid: text('uid'),
		expiresAt: timestamp('expires_at', { withTimezone: true }),
		consumedAt: timestamp('consumed_at', { withTimezone: true }),
	},
	(table) => [
		primaryKey({ columns: [table.id, table.type] }),
		index('oidc_payloads_grant_idx').on(table.grantId),
		index('oidc_payloads_uid_idx').on(table.uid),
	],
);

/** Short-lived counters for rate limits when no Redis is configured. */
export const rateLimits = pgTable('rate_limits', {
	key: text('key').primaryKey(),
	count: integer('count').notNull(),
	resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** An item given away. Weight in kg, dimensions in cm. */
export const items = pgTable(
	'items',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		donorId: text('donor_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		name: text('name').notNull(),
		description: text('description').notNull(),
		category: text('category').notNull().default('other'),
		/** `new`, `likeNew`, `used` or `needsRepair`; empty for items listed before it was asked. */
		condition: text('condition'),
		weight: doublePrecision('weight').notNull(),
		length: doublePrecision('length').notNull(),
		width: doublePrecision('width').notNull(),
		height: doublePrecision('height').notNull(),
		/** What is left to give: hand-overs take their quantity off (docs/product-rules.md#givings). */
		quantity: integer('quantity').notNull(),
		/** Of `quantity`, what reservations hold for their receivers. */
		reservedQuantity: integer('reserved_quantity').notNull().default(0),
		status: text('status').notNull().default('AVAILABLE'),
		donatedAt: timestamp('donated_at', { withTimezone: true }),
		/**
		 * Where the item is picked up: a district of the official list (`idn-area-data` codes,
		 * "32.73.04"), with its city or regency and province, names as shown. Empty only for items
		 * whose donor had no district of that list (docs/product-rules.md#places).
		 */
		pickupProvinceCode: text('pickup_province_code'),
		pickupProvinceName: text('pickup_province_name'),
		pickupRegencyCode: text('pickup_regency_code'),
		pickupRegencyName: text('pickup_regency_name'),
		pickupDistrictCode: text('pickup_district_code'),
		pickupDistrictName: text('pickup_district_name'),
		/** Set while the item is out of lists and search, pending review or hidden by a moderator. */
		hiddenAt: timestamp('hidden_at', { withTimezone: true }),
		/**
		 * Why: `reports` (reported by several people), `moderator`, `suspension` of its donor, or the
		 * donor's `deletion` of their account, pending its grace period.
		 */
		hiddenReason: text('hidden_reason'),
		/**
		 * Since when the item is known to be still there: its listing, its last hand-over, or its
		 * donor's answer "still available" or renewal (docs/product-rules.md#stale-listings).
		 */
		freshSince: timestamp('fresh_since', { withTimezone: true }).notNull().defaultNow(),
		/** When its donor was asked whether it is still available, until they answer. */
		staleAskedAt: timestamp('stale_asked_at', { withTimezone: true }),
		/** When a renewal last brought it back to the top of the newest (at most once a week). */
		bumpedAt: timestamp('bumped_at', { withTimezone: true }),
		/**
		 * How its donor chooses a receiver (docs/product-rules.md#choosing): empty for "first come",
		 * or the hours requests gather before the donor chooses, from `chooseAt` on.
		 */
		chooseAfterHours: integer('choose_after_hours'),
		/** When a donor who waits may choose: the hours counted from the listing or the edit. */
		chooseAt: timestamp('choose_at', { withTimezone: true }),
		/** When the donor was told the wait is over and requests are waiting (once per wait). */
		chooseToldAt: timestamp('choose_told_at', { withTimezone: true }),
		/** Its name or description mentions a price or a sale, which the desk shows. */
		asksForMoney: boolean('asks_for_money').notNull().default(false),
		/**
		 * Goes up, by triggers, with every change to what the item's page shows: the row, its
		 * photos, its donor's name, avatar, area or phone (drizzle/0011_page_versions.sql). The
		 * page's ETag and cache key are made of it.
		 */
		version: integer('version').notNull().default(1),
		createdAt,
		updatedAt,
		/**
		 * What a search matches: name, description and the pickup city and district as one
		 * lower-case text, kept by PostgreSQL.
		 * Matching it with `like` or `strpos` is a case-insensitive match of name and description
		 * (`ilike` lowers both sides the same way), several times cheaper per row.
		 */
		searchText: text('search_text')
			.notNull()
			.generatedAlwaysAs(
				sql`lower("name" || ' ' || "description" || ' ' || coalesce("pickup_regency_name", '') || ' ' || coalesce("pickup_district_name", ''))`,
			),
	},
	(table) => [
		index('items_donor_idx').on(table.donorId),
		// Lists walk items by date. That index is `items_created_search_idx` on (created_at, id)
		// with the search text, status, category and province included, so a list, a search for
		// a common word or "near me"'s other provinces check each row in the index without reading
		// the table; Drizzle cannot declare INCLUDE, so it is made by the migrations (last by
		// drizzle/0012_place_lists_read_indexes_only.sql).
		index('items_status_created_idx').on(table.status, table.createdAt),
		// A place filter walks its own place's items by date. Each index also includes the status,
		// category and visibility, and the regency's and province's the nearer code "near me"
		// leaves out, so those walks read no table rows either (drizzle/0012, as above).
		index('items_pickup_province_idx').on(table.pickupProvinceCode, table.createdAt, table.id),
		index('items_pickup_regency_idx').on(table.pickupRegencyCode, table.createdAt, table.id),
		index('items_pickup_district_idx').on(table.pickupDistrictCode, table.createdAt, table.id),
		index('items_fresh_since_idx')
			.on(table.freshSince)
			.where(sql`status = 'AVAILABLE'`),
		// The donors still to be told their wait is over.
		index('items_choose_at_idx')
			.on(table.chooseAt)
			.where(sql`choose_at is not null and choose_told_at is null`),
		index('items_donated_idx')
			.on(table.donorId, table.donatedAt)
			.where(sql`status = 'DONATED'`),
		// One trigram index over the text a search reads (pg_trgm, also in PGlite): a search for a
		// rare word is a single index scan and a single recheck per candidate.
		index('items_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
		check(
			'items_hidden_reason_check',
			sql`${table.hiddenReason} is null or ${table.hiddenReason} in ('reports', 'moderator', 'suspension', 'deletion', 'stale')`,
		),
		check(
			'items_condition_check',
			sql`${table.condition} is null or ${table.condition} in ('new', 'likeNew', 'used', 'needsRepair')`,
		),
		check(
			'items_status_check',
			sql`${table.status} in ('AVAILABLE', 'RESERVED', 'SHIPPED', 'DONATED', 'CANCELLED')`,
		),
		check(
			'items_reserved_quantity_check',
			sql`${table.reservedQuantity} >= 0 and ${table.reservedQuantity} <= ${table.quantity}`,
		),
	],
);

/**
 * A receiver's request for an item, and the giving it becomes: asked (`open`), `reserved` for
 * them, `handedOver` by the donor, `confirmed` by the receiver; or `declined`, `withdrawn`,
 * `expired` (docs/product-rules.md#givings). Only confirmed hand-overs with `countsForImpact`
 * count for impact, so the rankings read the partial index `item_requests_impact_idx`.
 */
export const itemRequests = pgTable(
	'item_requests',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		itemId: bigint('item_id', { mode: 'number' })
			.notNull()
			.references(() => items.id, { onDelete: 'cascade' }),
		/** The item's donor, kept on the request for the donor's lists and the collusion limits. */
		donorId: text('donor_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		receiverId: text('receiver_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		/** Asked for, then what the reservation holds. */
		quantity: integer('quantity').notNull(),
		state: text('state').notNull().default('open'),
		/** How the item travels: picked up in person, or by courier. */
		method: text('method').notNull().default('pickup'),
		/** What the donor handed over. */
		givenQuantity: integer('given_quantity'),
		/** Whether this confirmed hand-over counts for impact, decided once when it is confirmed. */
		countsForImpact: boolean('counts_for_impact').notNull().default(false),
		declineReason: text('decline_reason'),
		/** Times the receiver said a hand-over never reached them. */
		disputes: integer('disputes').notNull().default(0),
		reservedUntil: timestamp('reserved_until', { withTimezone: true }),
		/** When both sides were told the reservation is about to expire. */
		expiryWarnedAt: timestamp('expiry_warned_at', { withTimezone: true }),
		/** When the donor last opened the item's requests; later ones are new to them. */
		seenByDonorAt: timestamp('seen_by_donor_at', { withTimezone: true }),
		createdAt,
		updatedAt,
		reservedAt: timestamp('reserved_at', { withTimezone: true }),
		handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
		confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
		closedAt: timestamp('closed_at', { withTimezone: true }),
		/** The pickup time the donor agreed with the receiver: a window in the future when set. */
		pickupFrom: timestamp('pickup_from', { withTimezone: true }),
		pickupUntil: timestamp('pickup_until', { withTimezone: true }),
		/** Where to meet, in the donor's words. */
		pickupPlace: text('pickup_place'),
		/** The need this giving answers, when its receiver accepted a donor's offer for it. */
		needId: bigint('need_id', { mode: 'number' }).references(() => needs.id, {
			onDelete: 'set null',
		}),
	},
	(table) => [
		// One request in progress per receiver and item: asking again updates it.
		uniqueIndex('item_requests_active_idx')
			.on(table.itemId, table.receiverId)
			.where(sql`state in ('open', 'reserved', 'handedOver')`),
		index('item_requests_item_idx').on(table.itemId, table.state),
		index('item_requests_receiver_idx').on(table.receiverId, table.state),
		index('item_requests_pair_idx').on(table.donorId, table.receiverId, table.confirmedAt),
		index('item_requests_impact_idx')
			.on(table.handedOverAt, table.donorId)
			.where(sql`state = 'confirmed' and counts_for_impact`),
		index('item_requests_need_idx')
			.on(table.needId, table.state)
			.where(sql`need_id is not null`),
		index('item_requests_reserved_until_idx')
			.on(table.reservedUntil)
			.where(sql`state = 'reserved'`),
		check(
			'item_requests_state_check',
			sql`${table.state} in ('open', 'reserved', 'handedOver', 'confirmed', 'declined', 'withdrawn', 'expired')`,
		),
		check('item_requests_quantity_check', sql`${table.quantity} > 0`),
		check(
			'item_requests_given_check',
			sql`${table.givenQuantity} is null or ${table.givenQuantity} > 0`,
		),
	],
);

/**
 * A receiver's thank-you to the donor of a confirmed giving (docs/product-rules.md#thank-yous):
 * one per request, a short message and maybe one photo (`photoKey`, a WebP file). A moderator
 * may hide it (`hiddenAt`); it goes with either person's account.
 */
export const thankYous = pgTable(
	'thank_yous',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		requestId: bigint('request_id', { mode: 'number' })
			.notNull()
			.references(() => itemRequests.id, { onDelete: 'cascade' }),
		itemId: bigint('item_id', { mode: 'number' })
			.notNull()
			.references(() => items.id, { onDelete: 'cascade' }),
		donorId: text('donor_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		receiverId: text('receiver_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		message: text('message').notNull(),
		photoKey: text('photo_key'),
		photoWidth: integer('photo_width'),
		photoHeight: integer('photo_height'),
		hiddenAt: timestamp('hidden_at', { withTimezone: true }),
		createdAt,
	},
	(table) => [
		uniqueIndex('thank_yous_request_idx').on(table.requestId),
		index('thank_yous_donor_idx').on(table.donorId, table.createdAt),
		index('thank_yous_item_idx').on(table.itemId, table.createdAt),
		index('thank_yous_receiver_idx').on(table.receiverId),
	],
);

/**
 * A search a person saved on `/items` (docs/product-rules.md#saved-searches): its words, category
 * and place, all optional but never all empty, and its label as they read it ("Kursi · Kota
 * Bandung"). Each new item is matched against them when it is listed.
 */
export const savedSearches = pgTable(
	'saved_searches',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		/** Lower case, as an item's search text is. */
		search: text('search'),
		category: text('category'),
		provinceCode: text('province_code'),
		regencyCode: text('regency_code'),
		/** What it matches: new `items`, new `needs`, or `all` of them. */
		targets: text('targets').notNull().default('items'),
		label: text('label').notNull(),
		createdAt,
	},
	(table) => [
		index('saved_searches_user_idx').on(table.userId, table.id),
		check('saved_searches_targets_check', sql`${table.targets} in ('items', 'needs', 'all')`),
	],
);

/**
 * What the app tells a person in the bell: the kind and the facts it names (item, person,
 * quantity, reason), rendered in the reader's language when read.
 */
export const notifications = pgTable(
	'notifications',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		kind: text('kind').notNull(),
		requestId: bigint('request_id', { mode: 'number' }).references(() => itemRequests.id, {
			onDelete: 'set null',
		}),
		itemId: bigint('item_id', { mode: 'number' }).references(() => items.id, {
			onDelete: 'set null',
		}),
		data: jsonb('data').$type<Record<string, string | number>>().notNull(),
		createdAt,
		readAt: timestamp('read_at', { withTimezone: true }),
	},
	(table) => [index('notifications_user_idx').on(table.userId, table.id)],
);

/**
 * Every word of every item's name and description (lower case, three letters or more), kept by
 * a trigger on `items`: the dictionary that turns a misspelled search ("kurso") into a word that
 * is listed ("kursi"). Words are never removed; one no item uses any more simply finds nothing.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (table) => [
	index('search_words_trgm_idx').using('gin', sql`${table.word} gin_trgm_ops`),
]);

/**
 * A single row whose `version` goes up, by a trigger, in every transaction that changes `items`:
 * list totals are cached per version, so every process knows at once when its totals are stale.
 */
export const itemListState = pgTable(
	'item_list_state',
	{
		id: integer('id').primaryKey(),
		version: bigint('version', { mode: 'number' }).notNull().default(0),
	},
	(table) => [check('item_list_state_single_row', sql`${table.id} = 1`)],
);

/**
 * A single row whose `version` goes up, by triggers, with every statement that changes `needs`
 * (drizzle/0024_need_list_state.sql) or `organisations`, whose names and verification the cards
 * show (drizzle/0026_need_list_reads.sql): the needs lists' totals, pages and cities are kept
 * per version.
 */
export const needListState = pgTable(
	'need_list_state',
	{
		id: integer('id').primaryKey(),
		version: bigint('version', { mode: 'number' }).notNull().default(0),
	},
	(table) => [check('need_list_state_single_row', sql`${table.id} = 1`)],
);

/**
 * A single row whose `version` goes up, by triggers, in every transaction that changes what a
 * signed-out visitor sees on a server-rendered list, city or profile page: items, their photos,
 * donors' public profiles, givings (drizzle/0011_page_versions.sql). Those pages' ETags and
 * cache keys are made of it, so every process knows at once when a cached page is stale.
 */
export const publicPageState = pgTable(
	'public_page_state',
	{
		id: integer('id').primaryKey(),
		version: bigint('version', { mode: 'number' }).notNull().default(0),
	},
	(table) => [check('public_page_state_single_row', sql`${table.id} = 1`)],
);

/** An item's photos in display order; the first is the cover. */
export const itemImages = pgTable(
	'item_images',
	{
		id: text('id').primaryKey(),
		itemId: bigint('item_id', { mode: 'number' })
			.notNull()
			.references(() => items.id, { onDelete: 'cascade' }),
		position: integer('position').notNull(),
		/** Storage key prefix; one WebP file per width in `widths`. */
		key: text('key').notNull(),
		widths: jsonb('widths').$type<number[]>().notNull(),
		width: integer('width').notNull(),
		height: integer('height').notNull(),
		createdAt,
	},
	(table) => [index('item_images_item_idx').on(table.itemId, table.position)],
);

/** Supporters of the site itself, shown on /support-us when Trakteer is not configured. */
export const supporters = pgTable(
	'supporters',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		name: text('name').notNull(),
		/** Rupiah, whole. */
		amount: integer('amount').notNull(),
		message: text('message'),
		quantity: integer('quantity').notNull().default(1),
		/** What one unit of support is called, e.g. `Kopi`. */
		unitName: text('unit_name'),
		createdAt,
	},
	(table) => [
		index('supporters_amount_idx').on(table.amount.desc(), table.createdAt),
		check('supporters_amount_check', sql`${table.amount} > 0`),
		check('supporters_quantity_check', sql`${table.quantity} > 0`),
	],
);

/** The people who backed the site early, listed on /support-us in the order they joined. */
export const earlySupporters = pgTable(
	'early_supporters',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		name: text('name').notNull(),
		message: text('message'),
		createdAt,
	},
	(table) => [index('early_supporters_created_idx').on(table.createdAt)],
);

/** Secrets generated on first start (signing keys, cookie keys), shared by every process. */
export const appSecrets = pgTable('app_secrets', {
	name: text('name').primaryKey(),
	value: jsonb('value').notNull(),
	createdAt,
});

/**
 * A courier delivery of a request (method `courier`): what the receiver chose and paid, the
 * payment's state at the provider, and the shipment (docs/product-rules.md#courier-delivery).
 * Amounts are whole rupiah; `total` is the sum of shipping, fee and insurance, the `gross_amount`
 * the payment provider is sent.
 */
export const courierOrders = pgTable(
	'courier_orders',
	{
		/** Random and unguessable, at most 50 of `[A-Za-z0-9-_~.]`: the provider's `order_id`. */
		id: text('id').primaryKey(),
		requestId: bigint('request_id', { mode: 'number' })
			.notNull()
			.references(() => itemRequests.id, { onDelete: 'cascade' }),
		itemId: bigint('item_id', { mode: 'number' })
			.notNull()
			.references(() => items.id, { onDelete: 'cascade' }),
		donorId: text('donor_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		receiverId: text('receiver_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		quantity: integer('quantity').notNull(),
		state: text('state').notNull().default('awaitingPayment'),
		recipientName: text('recipient_name').notNull(),
		recipientPhone: text('recipient_phone').notNull(),
		/** The recipient's area id (Biteship's, or the embedded directory's) and its label. */
		destinationAreaId: text('destination_area_id').notNull(),
		destinationAreaName: text('destination_area_name').notNull(),
		postalCode: text('postal_code').notNull(),
		address: text('address').notNull(),
		courierCode: text('courier_code').notNull(),
		courierService: text('courier_service').notNull(),
		courierName: text('courier_name').notNull(),
		duration: text('duration').notNull(),
		shippingCost: integer('shipping_cost').notNull(),
		serviceFee: integer('service_fee').notNull(),
		insuranceCost: integer('insurance_cost').notNull().default(0),
		total: integer('total').notNull(),
		/** The Snap transaction token and its redirect page; null in the simulation. */
		paymentToken: text('payment_token'),
		paymentUrl: text('payment_url'),
		/** The provider's last `transaction_status`, as received. */
		paymentStatus: text('payment_status'),
		/** Unpaid after this, the order expires. */
		payBy: timestamp('pay_by', { withTimezone: true }).notNull(),
		paidAt: timestamp('paid_at', { withTimezone: true }),
		/** The shipment at the courier: its order id, waybill and tracking id. */
		shipmentId: text('shipment_id'),
		waybill: text('waybill'),
		trackingId: text('tracking_id'),
		/** The tracking timeline, oldest first. */
		tracking: jsonb('tracking')
			.$type<{ status: string; note: string; at: string }[]>()
			.notNull()
			.default([]),
		/** When the tracking was last asked for. */
		trackedAt: timestamp('tracked_at', { withTimezone: true }),
		declineReason: text('decline_reason'),
		createdAt,
		updatedAt,
		shippedAt: timestamp('shipped_at', { withTimezone: true }),
		deliveredAt: timestamp('delivered_at', { withTimezone: true }),
		closedAt: timestamp('closed_at', { withTimezone: true }),
	},
	(table) => [
		index('courier_orders_request_idx').on(table.requestId),
		index('courier_orders_item_idx').on(table.itemId, table.state),
		index('courier_orders_receiver_idx').on(table.receiverId, table.createdAt),
		index('courier_orders_pay_by_idx')
			.on(table.payBy)
			.where(sql`state in ('awaitingPayment', 'pending')`),
		index('courier_orders_shipped_idx')
			.on(table.shippedAt)
			.where(sql`state = 'shipped'`),
		check(
			'courier_orders_state_check',
			sql`${table.state} in ('awaitingPayment', 'pending', 'paid', 'shipped', 'delivered', 'cancelled', 'failed', 'error', 'expired', 'refunded', 'review')`,
		),
		check(
			'courier_orders_amounts_check',
			sql`${table.shippingCost} > 0 and ${table.serviceFee} >= 0 and ${table.insuranceCost} >= 0 and ${table.total} = ${table.shippingCost} + ${table.serviceFee} + ${table.insuranceCost}`,
		),
		check('courier_orders_quantity_check', sql`${table.quantity} > 0`),
	],
);

/** Every payment notification received, raw, with whether its signature and amount held. */
export const paymentNotifications = pgTable(
	'payment_notifications',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		/** As the body names it; it may name no order of ours. */
		orderId: text('order_id'),
		body: text('body').notNull(),
		/** `verified`, `badSignature`, `wrongAmount`, `unknownOrder` or `malformed`. */
		verification: text('verification').notNull(),
		transactionStatus: text('transaction_status'),
		/** What it did to the order: the state it led to, or null when it changed nothing. */
		outcome: text('outcome'),
		createdAt,
	},
	(table) => [index('payment_notifications_order_idx').on(table.orderId, table.id)],
);

/**
 * A report of an item, a person, a thank-you, a need or a drive by a signed-in user
 * (docs/product-rules.md#trust-and-safety). `targetKey` is `item:<id>`, `user:<id>`,
 * `thanks:<id>`, `need:<id>` or `drive:<id>`: one open report per reporter and target. A report
 * also names the person behind its target, so a person's history shows reports of what they post.
 */
export const reports = pgTable(
	'reports',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		reporterId: text('reporter_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		targetKey: text('target_key').notNull(),
		itemId: bigint('item_id', { mode: 'number' }).references(() => items.id, {
			onDelete: 'cascade',
		}),
		/** Set for a report about a need; it goes with the need. */
		needId: bigint('need_id', { mode: 'number' }).references(() => needs.id, {
			onDelete: 'cascade',
		}),
		/** Set for a report about a drive; it goes with the drive. */
		driveId: bigint('drive_id', { mode: 'number' }).references(() => drives.id, {
			onDelete: 'cascade',
		}),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		reason: text('reason').notNull(),
		details: text('details'),
		/** `open`, then `dismissed` or `actioned` by a moderator. */
		state: text('state').notNull().default('open'),
		createdAt,
		resolvedAt: timestamp('resolved_at', { withTimezone: true }),
	},
	(table) => [
		uniqueIndex('reports_open_idx')
			.on(table.reporterId, table.targetKey)
			.where(sql`state = 'open'`),
		index('reports_target_idx').on(table.targetKey, table.state),
		index('reports_reporter_idx').on(table.reporterId, table.createdAt),
		index('reports_user_idx').on(table.userId),
		check('reports_state_check', sql`${table.state} in ('open', 'dismissed', 'actioned')`),
		check(
			'reports_reason_check',
			sql`${table.reason} in ('prohibited', 'askingMoney', 'scam', 'offensive', 'spam', 'gone', 'other')`,
		),
	],
);

/**
 * The audit log of the moderation desk: who did what to which target, why, and when. Rows are
 * only ever added; a trigger (drizzle/0010_trust_and_safety.sql) refuses updates and deletes.
 * Ids are kept as text without foreign keys, so the log outlives the accounts it names.
 */
export const moderationActions = pgTable(
	'moderation_actions',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		moderatorId: text('moderator_id').notNull(),
		action: text('action').notNull(),
		targetKey: text('target_key').notNull(),
		reason: text('reason'),
		note: text('note'),
		/** The end of a suspension for a period. */
		until: timestamp('until', { withTimezone: true }),
		createdAt,
	},
	(table) => [index('moderation_actions_target_idx').on(table.targetKey, table.id)],
);

/**
 * A no-show disputed by the person it is counted against, once per request
 * (docs/product-rules.md#no-show-disputes). It counts until a moderator strikes it; one upheld
 * stands.
 */
export const noShowDisputes = pgTable(
	'no_show_disputes',
	{
		requestId: bigint('request_id', { mode: 'number' })
			.primaryKey()
			.references(() => itemRequests.id, { onDelete: 'cascade' }),
		disputedBy: text('disputed_by')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		/** What happened, in the disputer's words. */
		statement: text('statement').notNull(),
		createdAt,
		/** `upheld` or `struck`; empty while a moderator has not decided. */
		decision: text('decision'),
		decidedAt: timestamp('decided_at', { withTimezone: true }),
	},
	(table) => [
		index('no_show_disputes_pending_idx')
			.on(table.createdAt)
			.where(sql`decision is null`),
		check(
			'no_show_disputes_decision_check',
			sql`${table.decision} is null or ${table.decision} in ('upheld', 'struck')`,
		),
	],
);

/** People a donor blocked: they cannot request the donor's items or see the donor's phone. */
export const userBlocks = pgTable(
	'user_blocks',
	{
		blockerId: text('blocker_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		blockedId: text('blocked_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		createdAt,
	},
	(table) => [
		primaryKey({ columns: [table.blockerId, table.blockedId] }),
		index('user_blocks_blocked_idx').on(table.blockedId),
	],
);

/** When a person signed in, for their own download of their data; deleted with the account. */
export const signIns = pgTable(
	'sign_ins',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		createdAt,
	},
	(table) => [index('sign_ins_user_idx').on(table.userId, table.createdAt)],
);

/**
 * What a person chose for messages outside the site. No row means the defaults: every kind by
 * push and by mail, quiet hours 21:00–07:00 Jakarta time, Indonesian.
 */
export const notificationSettings = pgTable('notification_settings', {
	userId: text('user_id')
		.primaryKey()
		.references(() => users.id, { onDelete: 'cascade' }),
	/** Only the choices that differ from the defaults, by kind of event: `{ "requests": { "email": false } }`. */
	channels: jsonb('channels')
		.$type<Record<string, { push?: boolean; email?: boolean }>>()
		.notNull()
		.default({}),
	/** Push waits from `quietStart` to `quietEnd` ("HH:MM", Jakarta time); both null: never. */
	quietStart: text('quiet_start').default('21:00'),
	quietEnd: text('quiet_end').default('07:00'),
	/** `id` or `en`: the language of push messages and mail. */
	language: text('language').notNull().default('id'),
	updatedAt,
});

/** A browser or phone that receives push for a person; a person may have several. */
export const pushSubscriptions = pgTable(
	'push_subscriptions',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		/** The push service's address for this device; one device belongs to one person. */
		endpoint: text('endpoint').notNull().unique(),
		p256dh: text('p256dh').notNull(),
		auth: text('auth').notNull(),
		createdAt,
	},
	(table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

/**
 * Deliveries still to make or made: a notification by push or by mail, written in the
 * transaction that wrote the notification and sent from there by the maintenance loop.
 */
export const notificationOutbox = pgTable(
	'notification_outbox',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		notificationId: bigint('notification_id', { mode: 'number' })
			.notNull()
			.references(() => notifications.id, { onDelete: 'cascade' }),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		channel: text('channel').notNull(),
		/** Not before then: at once, after quiet hours, at the digest's hour, or after a failure. */
		dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
		attempts: integer('attempts').notNull().default(0),
		/** A sender holds it until then; one that died leaves it to the next after that. */
		claimedUntil: timestamp('claimed_until', { withTimezone: true }),
		/** Push endpoints that already took it, so a retry goes only to the others. */
		deliveredTo: jsonb('delivered_to').$type<string[]>().notNull().default([]),
		/** Set once done: `sent`, `skipped` (the channel is off or nobody to send to) or `failed`. */
		outcome: text('outcome'),
		doneAt: timestamp('done_at', { withTimezone: true }),
		createdAt,
	},
	(table) => [
		index('notification_outbox_due_idx')
			.on(table.dueAt)
			.where(sql`${table.doneAt} is null`),
		index('notification_outbox_user_idx').on(table.userId),
		check('notification_outbox_channel_check', sql`${table.channel} in ('push', 'email')`),
	],
);

/** Reminders already sent for a request, so each goes once: `unanswered`, `handOverDue`, `confirm1`, `confirm2`. */
export const requestReminders = pgTable(
	'request_reminders',
	{
		requestId: bigint('request_id', { mode: 'number' })
			.notNull()
			.references(() => itemRequests.id, { onDelete: 'cascade' }),
		reminder: text('reminder').notNull(),
		createdAt,
	},
	(table) => [primaryKey({ columns: [table.requestId, table.reminder] })],
);

/**
 * Each time a person accepted the terms and the privacy policy, with the versions they accepted
 * and their confirmation of being 17 or older: the proof of consent UU PDP asks for. Only added
 * to; it goes with the account.
 */
export const consents = pgTable(
	'consents',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		termsVersion: text('terms_version').notNull(),
		privacyVersion: text('privacy_version').notNull(),
		/** The person confirmed being 17 or older; an acceptance without it is never stored. */
		ageConfirmed: boolean('age_confirmed').notNull(),
		acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		index('consents_user_idx').on(table.userId, table.acceptedAt),
		check('consents_age_confirmed_check', sql`${table.ageConfirmed}`),
	],
);

/** Where an organisation, a need or a drive is: a district of the official list, as items. */
const districtColumns = () => ({
	provinceCode: text('province_code').notNull(),
	provinceName: text('province_name').notNull(),
	regencyCode: text('regency_code').notNull(),
	regencyName: text('regency_name').notNull(),
	districtCode: text('district_code').notNull(),
	districtName: text('district_name').notNull(),
});

/**
 * An organisation a person represents (docs/product-rules.md#organisations): registered `pending`
 * with a photo of a supporting document, then `verified` or `refused` by a moderator. The
 * document is private to its owner and the moderators, and is deleted 30 days after the decision
 * (`documentKey` emptied, `documentDeletedAt` set).
 */
export const organisations = pgTable(
	'organisations',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		ownerId: text('owner_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		name: text('name').notNull(),
		/** `orphanage`, `school`, `worship`, `wasteBank`, `disasterPost`, `community` or `other`. */
		kind: text('kind').notNull(),
		address: text('address').notNull(),
		...districtColumns(),
		/** The person to contact, as the organisation names them. */
		contactName: text('contact_name').notNull(),
		documentKey: text('document_key'),
		documentDeletedAt: timestamp('document_deleted_at', { withTimezone: true }),
		state: text('state').notNull().default('pending'),
		/** The moderator's note on a refusal, shown to the owner. */
		decisionNote: text('decision_note'),
		decidedBy: text('decided_by'),
		decidedAt: timestamp('decided_at', { withTimezone: true }),
		createdAt,
		updatedAt,
	},
	(table) => [
		// One organisation per person, whatever its state: a refused one is edited and sent again.
		uniqueIndex('organisations_owner_idx').on(table.ownerId),
		index('organisations_pending_idx')
			.on(table.createdAt)
			.where(sql`state = 'pending'`),
		index('organisations_document_idx')
			.on(table.decidedAt)
			.where(sql`document_key is not null and decided_at is not null`),
		check('organisations_state_check', sql`${table.state} in ('pending', 'verified', 'refused')`),
		check(
			'organisations_kind_check',
			sql`${table.kind} in ('orphanage', 'school', 'worship', 'wasteBank', 'disasterPost', 'community', 'other')`,
		),
	],
);

/**
 * A giving drive (docs/product-rules.md#drives): a verified organisation's or a moderator's call
 * for a list of needs (the `needs` rows with its `driveId`), collected at one address until its
 * end. Its page stays after the end with its totals.
 */
export const drives = pgTable(
	'drives',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		/** Empty for a moderator's drive made for no organisation. */
		organisationId: bigint('organisation_id', { mode: 'number' }).references(
			() => organisations.id,
			{ onDelete: 'cascade' },
		),
		createdBy: text('created_by')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		title: text('title').notNull(),
		story: text('story').notNull(),
		address: text('address').notNull(),
		...districtColumns(),
		/** The drive takes gifts until this moment (the end of its last day, Jakarta time). */
		endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
		hiddenAt: timestamp('hidden_at', { withTimezone: true }),
		/** Why it is hidden, as a need's: `moderator` or `reports` (pending a review). */
		hiddenReason: text('hidden_reason'),
		version: integer('version').notNull().default(1),
		createdAt,
		updatedAt,
	},
	(table) => [
		index('drives_ends_idx').on(table.endsAt),
		index('drives_organisation_idx').on(table.organisationId),
		check(
			'drives_hidden_reason_check',
			sql`${table.hiddenReason} is null or ${table.hiddenReason} in ('reports', 'moderator')`,
		),
	],
);

/**
 * A wanted post (docs/product-rules.md#needs): what a person or an organisation needs, where, and
 * how urgently. Open for 30 days unless renewed (`closesAt`); a drive's needs close with the
 * drive. Donors answer it with offers (`needOffers`).
 */
export const needs = pgTable(
	'needs',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		ownerId: text('owner_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		/** Set when posted for the owner's verified organisation. */
		organisationId: bigint('organisation_id', { mode: 'number' }).references(
			() => organisations.id,
			{ onDelete: 'set null' },
		),
		driveId: bigint('drive_id', { mode: 'number' }).references(() => drives.id, {
			onDelete: 'cascade',
		}),
		title: text('title').notNull(),
		description: text('description').notNull(),
		category: text('category').notNull(),
		quantity: integer('quantity').notNull(),
		/** `pickup`: they come to collect; `delivery`: they ask for it to be brought or sent. */
		reach: text('reach').notNull().default('pickup'),
		...districtColumns(),
		/** `normal` or `urgent`. */
		urgency: text('urgency').notNull().default('normal'),
		photoKey: text('photo_key'),
		photoWidth: integer('photo_width'),
		photoHeight: integer('photo_height'),
		/** `open`, `fulfilled` by its owner, or `closed` (by its owner, or when `closesAt` passed). */
		state: text('state').notNull().default('open'),
		closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
		renewedAt: timestamp('renewed_at', { withTimezone: true }),
		hiddenAt: timestamp('hidden_at', { withTimezone: true }),
		/** As items': `reports`, `moderator`, `suspension` or `deletion`. */
		hiddenReason: text('hidden_reason'),
		asksForMoney: boolean('asks_for_money').notNull().default(false),
		version: integer('version').notNull().default(1),
		createdAt,
		updatedAt,
		/** As items': title, description and the city and district as one lower-case text. */
		searchText: text('search_text')
			.notNull()
			.generatedAlwaysAs(
				sql`lower("title" || ' ' || "description" || ' ' || "regency_name" || ' ' || "district_name")`,
			),
	},
	(table) => [
		index('needs_owner_idx').on(table.ownerId, table.state),
		index('needs_open_created_idx')
			.on(table.createdAt, table.id)
			.where(sql`state = 'open' and hidden_at is null`),
		index('needs_province_idx').on(table.provinceCode, table.createdAt, table.id),
		index('needs_regency_idx').on(table.regencyCode, table.createdAt, table.id),
		index('needs_district_idx').on(table.districtCode, table.createdAt, table.id),
		index('needs_closes_idx')
			.on(table.closesAt)
			.where(sql`state = 'open'`),
		index('needs_drive_idx').on(table.driveId),
		index('needs_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
		check('needs_state_check', sql`${table.state} in ('open', 'fulfilled', 'closed')`),
		check('needs_reach_check', sql`${table.reach} in ('pickup', 'delivery')`),
		check('needs_urgency_check', sql`${table.urgency} in ('normal', 'urgent')`),
		check('needs_quantity_check', sql`${table.quantity} > 0`),
		check(
			'needs_hidden_reason_check',
			sql`${table.hiddenReason} is null or ${table.hiddenReason} in ('reports', 'moderator', 'suspension', 'deletion')`,
		),
	],
);

/**
 * A donor's answer to a need: one of their listings offered, `open` until the person in need
 * `accepted` it (which reserves the item for them as `requestId`) or `declined` it, or the donor
 * `withdrew` it.
 */
export const needOffers = pgTable(
	'need_offers',
	{
		id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
		needId: bigint('need_id', { mode: 'number' })
			.notNull()
			.references(() => needs.id, { onDelete: 'cascade' }),
		itemId: bigint('item_id', { mode: 'number' })
			.notNull()
			.references(() => items.id, { onDelete: 'cascade' }),
		donorId: text('donor_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		quantity: integer('quantity').notNull(),
		message: text('message'),
		state: text('state').notNull().default('open'),
		requestId: bigint('request_id', { mode: 'number' }).references(() => itemRequests.id, {
			onDelete: 'set null',
		}),
		createdAt,
		decidedAt: timestamp('decided_at', { withTimezone: true }),
	},
	(table) => [
		// An item is offered to a need once while the offer stands.
		uniqueIndex('need_offers_active_idx')
			.on(table.needId, table.itemId)
			.where(sql`state in ('open', 'accepted')`),
		index('need_offers_need_idx').on(table.needId, table.createdAt),
		index('need_offers_donor_idx').on(table.donorId, table.createdAt),
		check(
			'need_offers_state_check',
			sql`${table.state} in ('open', 'accepted', 'declined', 'withdrawn')`,
		),
		check('need_offers_quantity_check', sql`${table.quantity} > 0`),
	],
);
