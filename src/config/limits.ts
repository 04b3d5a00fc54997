/** The product's limits and timings in one place (docs/product-rules.md#item-limits, #profile-limits). */

const megabyte = 1024 * 1024;

export const profileLimits = {
	nameMin: 3,
	nameMax: 50,
	addressMin: 10,
	addressMax: 200,
	bioMax: 160,
	/** Digits typed after the fixed +62 prefix. */
	phoneMaxDigits: 12,
	avatarMaxBytes: 5 * megabyte,
	/** Avatars are scaled in the browser to fit this square and re-encoded as JPEG. */
	avatarMaxDimension: 800,
	avatarJpegQuality: 0.8,
} as const;

export const itemLimits = {
	nameMin: 3,
	nameMax: 100,
	descriptionMin: 10,
	descriptionMax: 1000,
	weightMin: 0.1,
	weightMax: 100,
	dimensionMin: 1,
	dimensionMax: 300,
	quantityMin: 1,
	quantityMax: 100,
	imagesMin: 1,
	imagesMax: 5,
	imageMaxBytes: 5 * megabyte,
	/** Decoding bombs are refused above this many pixels. */
	imageMaxPixels: 40_000_000,
	/** Items one account may list in a day (24 hours from its first listing of that day). */
	createdPerDay: 20,
	createdPerDayWindowMs: 24 * 60 * 60_000,
} as const;

/**
 * Password guessing at the built-in provider. Only wrong passwords count, never sign-ins that
 * work: mobile carriers put many people behind one address (CGNAT), so an address gets a far
 * higher ceiling than an account.
 */
export const signInLimits = {
	/** Wrong passwords for one account within `windowMs` before it is locked. */
	failuresPerAccount: 10,
	/** Wrong passwords from one address, for any accounts, within `windowMs`. */
	failuresPerAddress: 100,
	windowMs: 15 * 60_000,
	/** The first lock; each further one within `lockMemoryMs` lasts twice as long as the last. */
	lockBaseMs: 15 * 60_000,
	lockMaxMs: 24 * 60 * 60_000,
	lockMemoryMs: 24 * 60 * 60_000,
	/** Sign-ups from one address (new accounts and registered emails tried) per `signUpWindowMs`. */
	signUpsPerAddress: 30,
	signUpWindowMs: 60 * 60_000,
} as const;

/** The profile check: fresh for 5 minutes, fewer than 3 attempts, 1 s doubling up to 30 s. */
export const profileCheckPolicy = {
	staleMs: 5 * 60_000,
	maxAttempts: 3,
	retryBaseMs: 1000,
	retryMaxMs: 30_000,
} as const;

/** Delay before retry number `attempt` (0-based) of a failed profile check. */
export function profileCheckRetryDelay(attempt: number): number {
	return Math.min(profileCheckPolicy.retryBaseMs * 2 ** attempt, profileCheckPolicy.retryMaxMs);
}

export const identityCheck = {
	delayMs: 2000,
	maxBytes: 5 * megabyte,
	minWidth: 600,
	minHeight: 400,
} as const;

/**
 * Reliability: how far back a person's no-shows count. A donor's no-show is a reservation its
 * receiver ended because the donor did not answer or was not there.
 */
export const reliabilityLimits = {
	recordWindowMs: 90 * 24 * 60 * 60_000,
	/** A receiver with this many no-shows within the window is warned when asking. */
	warnAtNoShows: 2,
	/** With this many, they may hold only `limitedOpenRequests` for `limitMs` after the last. */
	limitAtNoShows: 3,
	limitedOpenRequests: 1,
	limitMs: 30 * 24 * 60 * 60_000,
	/** A donor's usual time to answer shows once they answered this many requests in the window. */
	answerTimeMinAnswered: 3,
	/** What the person a no-show counts against writes when disputing it, once, within the window. */
	disputeMin: 10,
	disputeMax: 500,
} as const;

export const imageMimeTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * Forgotten passwords: a reset link works once, for 30 minutes. Asking for links is limited per
 * visitor (network address) and per email, whether or not the email has an account.
 */
export const passwordResetPolicy = {
	linkTtlMs: 30 * 60_000,
	perVisitor: { limit: 10, windowMs: 60 * 60_000 },
	perEmail: { limit: 3, windowMs: 60 * 60_000 },
} as const;

/**
 * Confirming the address of a built-in account: the link mailed at sign-up works for a week; a
 * signed-in person may ask for it again a few times an hour.
 */
export const emailVerificationPolicy = {
	linkTtlMs: 7 * 24 * 60 * 60_000,
	resendPerAccount: { limit: 3, windowMs: 60 * 60_000 },
} as const;

/** Requests and hand-overs (docs/product-rules.md#givings). */
export const requestLimits = {
	/** Requests one receiver may have open or reserved at once, a fair share for everyone. */
	activePerReceiver: 5,
	/** A reservation not handed over by then expires; the donor may extend it by as much again. */
	reservationMs: 3 * 24 * 60 * 60_000,
	/** Both sides are told this long before a reservation expires. */
	expiryWarningMs: 24 * 60 * 60_000,
	/** A hand-over the receiver has not confirmed or disputed by then stays unconfirmed. */
	confirmWithinMs: 14 * 24 * 60 * 60_000,
	/** The most notifications the bell lists. */
	notificationsListed: 30,
} as const;

/**
 * Choosing fairly (docs/product-rules.md#choosing): a donor may let requests gather for a while
 * before choosing, and a receiver may receive only so many hand-overs in a fortnight.
 */
export const choosingLimits = {
	/** The wait a donor may pick, in hours, and the choices the form offers. */
	waitHoursMin: 6,
	waitHoursMax: 48,
	waitHoursOffered: [6, 12, 24, 48],
	/**
	 * Hand-overs one receiver may receive within `receivedWindowMs`: confirmed ones within it, and
	 * reservations and hand-overs not yet confirmed, all count.
	 */
	receivedPerWindow: 5,
	receivedWindowMs: 14 * 24 * 60 * 60_000,
} as const;

/**
 * The pickup time a donor agrees with the receiver of a reservation (docs/product-rules.md#pickup-time):
 * a window starting in the future, within two weeks, no longer than half a day, with a short
 * note of the place.
 */
export const pickupLimits = {
	aheadMaxMs: 14 * 24 * 60 * 60_000,
	lengthMaxMs: 12 * 60 * 60_000,
	placeMax: 200,
	/** Both sides are reminded this long before the window starts. */
	remindBeforeMs: 2 * 60 * 60_000,
} as const;

/**
 * Reminders that close a giving (docs/product-rules.md#reminders), each sent at most once per
 * request: the donor of a request still open, both sides of a reservation not handed over, and
 * the receiver of a hand-over not confirmed, twice.
 */
export const reminderLimits = {
	/** After this long open, its donor is reminded to answer. */
	unansweredMs: 24 * 60 * 60_000,
	/**
	 * After this long reserved (since it was reserved), both sides are reminded to meet; with a
	 * pickup time agreed, `pickupLimits.remindBeforeMs` before it instead.
	 */
	handOverDueMs: 48 * 60 * 60_000,
	/** After these long handed over, the receiver is reminded to confirm. */
	firstConfirmMs: 24 * 60 * 60_000,
	secondConfirmMs: 72 * 60 * 60_000,
} as const;

/** Listings that do not go stale (docs/product-rules.md#stale-listings). */
export const freshnessLimits = {
	/** After this long without a hand-over or an answer, its donor is asked "still available?". */
	askAfterMs: 30 * 24 * 60 * 60_000,
	/** Unanswered this long after asking, the listing is hidden from lists, search and sitemap. */
	hideAfterMs: 7 * 24 * 60 * 60_000,
	/** A renewal brings the listing to the top of the newest at most this often. */
	bumpEveryMs: 7 * 24 * 60 * 60_000,
} as const;

/** Places (docs/product-rules.md#places): the cities `/items` links to, the busiest first. */
export const placeLimits = {
	citiesOnList: 12,
} as const;

/** Saved searches (docs/product-rules.md#saved-searches): enough to follow a few needs, not to spam. */
export const savedSearchLimits = {
	perUser: 10,
} as const;

/**
 * What stops two accounts from faking impact together: hand-overs from one donor to one receiver
 * count at most `perPair` times in `pairWindowMs`, and a receiver's confirmations count at most
 * `perReceiverPerDay` times per day in Jakarta; the rest show as given but earn no impact.
 */
export const collusionLimits = {
	perPair: 3,
	pairWindowMs: 30 * 24 * 60 * 60_000,
	perReceiverPerDay: 10,
} as const;

/** Reports and the moderation desk (docs/product-rules.md#trust-and-safety). */
/** A receiver's thank-you to the donor of a confirmed giving (docs/product-rules.md#thank-yous). */
export const thanksLimits = {
	messageMax: 280,
	/** The optional photo, as uploaded; it is re-encoded to one width. */
	photoMaxBytes: 5 * megabyte,
	photoWidth: 720,
	/** Thank-yous shown on a profile or an item page, the newest first. */
	listed: 20,
} as const;

export const reportLimits = {
	/** Reports one person may make in 24 hours. */
	perDay: 10,
	dayMs: 24 * 60 * 60_000,
	/** The text of a report of the reason `other`, and a moderator's note. */
	detailsMin: 10,
	detailsMax: 500,
	/** Distinct reporters with complete profiles that take an item out of lists at once. */
	reportersToHide: 3,
	/** The longest suspension for a period; longer ones are for good. */
	suspendDaysMax: 365,
	/** Entries of the audit log on one page of the desk. */
	auditLogListed: 50,
} as const;

/**
 * Push and mail from the outbox: checked every few seconds, a batch at a time; a failed delivery
 * is tried again after 30 s, doubling up to 6 hours, and given up after 8 attempts (about a day).
 */
export const deliveryLimits = {
	outboxCheckMs: 2000,
	batchSize: 50,
	/**
	 * A sender holds what it claimed this long, renewed before each person's messages go; one
	 * that died leaves them to the next after that. Longer than a channel may take to answer.
	 */
	claimMs: 20_000,
	maxAttempts: 8,
	retryBaseMs: 30_000,
	retryMaxMs: 6 * 60 * 60_000,
	/** Deliveries done are kept this long (for counting), then deleted by the clean-up. */
	keptDoneMs: 7 * 24 * 60 * 60_000,
} as const;

/** Delay before the next attempt after `attempts` failed ones (1-based). */
export function deliveryRetryDelay(attempts: number): number {
	return Math.min(deliveryLimits.retryBaseMs * 2 ** (attempts - 1), deliveryLimits.retryMaxMs);
}

/** Web Push (RFC 8030, 8291, 8292): the devices a person keeps and what is sent to them. */
export const pushLimits = {
	/** Devices one person may receive push on; a new one past this drops the oldest. */
	devicesPerUser: 20,
	/** Push services' addresses run to a few hundred characters (FCM's are the longest). */
	endpointMaxLength: 1024,
	/** Base64url of a 65-byte P-256 public key is 87 characters, of a 16-byte secret 22. */
	keyMaxLength: 100,
	/** How long a push service keeps a message for a device that is offline. */
	ttlSeconds: 24 * 60 * 60,
	/** Texts longer than this are cut: an encrypted message must fit in 4096 bytes. */
	bodyMaxCharacters: 500,
	/** A push service that has not answered by then is tried again later. */
	sendTimeoutMs: 10_000,
} as const;

/** Push on this device: how long to wait for the site's service worker before calling push unsupported. */
export const pushDeviceTimings = {
	serviceWorkerWaitMs: 5000,
} as const;

/**
 * What the installed app keeps on the device for a bad connection: item photos and signed-out
 * pages once seen, each cache trimmed to its number of entries, oldest first out.
 */
export const appCacheLimits = {
	photos: 80,
	pages: 30,
} as const;

const day = 24 * 60 * 60_000;

/**
 * How long personal data is kept once it has served its purpose, as the privacy policy publishes
 * it (docs/privacy/record-of-processing.md); the clean-up deletes or anonymises it after that.
 */
export const retentionLimits = {
	/** A notification once read: long enough to look back at what happened. */
	readNotificationsMs: 90 * day,
	/** Any notification, read or not. */
	notificationsMs: 365 * day,
	/** A request that ended without a giving (declined, withdrawn, expired), and no courier order. */
	endedRequestsMs: 365 * day,
	/**
	 * A payment notification's raw body (which may hold the payer's details); the record of what it
	 * did to the order stays as long as the order, as payment records must.
	 */
	paymentNotificationBodiesMs: 365 * day,
	/** The times a person signed in, shown in their data download. */
	signInsMs: 365 * day,
} as const;

/**
 * Wanted posts (docs/product-rules.md#needs), in a module of their own so that only the pages
 * that post or answer a need download them with the browser's share of these limits.
 */
export { needLimits } from './need-limits.ts';

/** Organisations (docs/product-rules.md#organisations). */
export const organisationLimits = {
	nameMin: 3,
	nameMax: 100,
	addressMin: 10,
	addressMax: 200,
	contactNameMin: 3,
	contactNameMax: 50,
	decisionNoteMax: 500,
	documentMaxBytes: 5 * megabyte,
	/** A supporting document's photo is deleted this long after the moderator's decision. */
	documentKeptMs: 30 * 24 * 60 * 60_000,
	/** How many of one thing a verified organisation's need may ask for, by its kind. */
	quantityMax: {
		orphanage: 200,
		school: 500,
		worship: 200,
		wasteBank: 1000,
		disasterPost: 1000,
		community: 200,
		other: 100,
	},
} as const;

/** Giving drives (docs/product-rules.md#drives). */
export const driveLimits = {
	titleMin: 5,
	titleMax: 100,
	storyMin: 20,
	storyMax: 2000,
	addressMin: 10,
	addressMax: 200,
	needsMin: 1,
	needsMax: 20,
	/** The furthest end date, counted from the day the drive is made. */
	longestDays: 90,
} as const;
