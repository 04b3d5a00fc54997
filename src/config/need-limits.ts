/**
 * The limits of wanted posts (docs/product-rules.md#needs), exported with the others by
 * `./limits`.
 */

const megabyte = 1024 * 1024;

export const needLimits = {
	titleMin: 3,
	titleMax: 100,
	descriptionMin: 10,
	descriptionMax: 1000,
	quantityMin: 1,
	/** What a person may ask for; a verified organisation's needs may ask for `organisationLimits.quantityMax`. */
	quantityMax: 10,
	/** Open needs one person may have at once; a drive's needs do not count. */
	openPerPerson: 3,
	/** A need closes this long after it was posted or last renewed. */
	openMs: 30 * 24 * 60 * 60_000,
	/** Needs one account may post in a day. */
	createdPerDay: 10,
	photoMaxBytes: 5 * megabyte,
	/** An offer's note to the person in need. */
	offerMessageMax: 280,
} as const;
