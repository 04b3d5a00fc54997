/**
 * The prompt to turn push on, left for the next page: listing an item ends on `/my-items`, where
 * the prompt then shows. Tiny on purpose: the pages that set or read it load the prompt itself
 * only when it is due (`push-offer.tsx`).
 */

/** What the person just did, which the prompt's question follows. */
export type PushOfferReason = 'request' | 'listing';

const pendingKey = 'hibahin.pushOffer';

/** Leaves the prompt for the next page of this tab. */
export function leavePushOffer(reason: PushOfferReason): void {
	try {
		sessionStorage.setItem(pendingKey, reason);
	} catch {
		// Storage disabled: the prompt is skipped, nothing else.
	}
}

/** The prompt a previous page left, once. */
export function takePushOffer(): PushOfferReason | null {
	try {
		const reason = sessionStorage.getItem(pendingKey);
		sessionStorage.removeItem(pendingKey);
		return reason === 'request' || reason === 'listing' ? reason : null;
	} catch {
		return null;
	}
}
