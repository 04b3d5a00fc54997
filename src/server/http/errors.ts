/** Every error code of the API with its HTTP status (docs/product-rules.md#error-codes). */
export const errorStatus = {
	VALIDATION_ERROR: 400,
	TOO_MANY_IMAGES: 400,
	PUSH_SERVICE_UNKNOWN: 400,
	UNAUTHORIZED: 401,
	FORBIDDEN: 403,
	ACCOUNT_SUSPENDED: 403,
	CONSENT_REQUIRED: 403,
	BLOCKED: 403,
	NOT_FOUND: 404,
	ITEM_NOT_EDITABLE: 409,
	DUPLICATE_PHONE: 409,
	REQUEST_CONFLICT: 409,
	REQUEST_LIMIT: 409,
	CHOOSE_LATER: 409,
	ORDER_CONFLICT: 409,
	SAVED_SEARCH_LIMIT: 409,
	REPORT_DUPLICATE: 409,
	IMAGE_TOO_LARGE: 413,
	BODY_TOO_LARGE: 413,
	INVALID_IMAGE_FORMAT: 415,
	INVALID_AREA: 422,
	LOCATION_NOT_FOUND: 422,
	NO_SHIPPING_SERVICES: 422,
	INVALID_COURIER: 422,
	RATE_LIMITED: 429,
	INTERNAL: 500,
	SHIPPING_UNAVAILABLE: 503,
	RATES_UNAVAILABLE: 503,
	PAYMENT_UNAVAILABLE: 503,
	SHIPMENT_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** A message more precise than the code's own: a translation key and its values. */
export interface ErrorExplanation {
	key: string;
	values?: Record<string, string | number>;
}

/**
 * An expected failure, as a value: the code picks the status and the translated message, unless
 * an `explanation` says more (its text may name the wait as `{{wait}}`); `fields` maps form fields
 * to message keys (`form.errors.nameMin`).
 */
export class AppError extends Error {
	constructor(
		readonly code: ErrorCode,
		readonly fields?: Record<string, string>,
		readonly retryAfterSeconds?: number,
		readonly explanation?: ErrorExplanation,
	) {
		super(code);
	}

	get status(): (typeof errorStatus)[ErrorCode] {
		return errorStatus[this.code];
	}
}
