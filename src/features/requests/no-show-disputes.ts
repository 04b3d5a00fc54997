/**
 * Disputing a no-show (docs/product-rules.md#no-show-disputes): the person a no-show is counted
 * against says once what happened, and a moderator keeps or strikes it. Safe in the browser.
 */
import { z } from 'zod/mini';
import { reliabilityLimits } from '~/config/limits';
import { storableText } from '~/lib/text-fields';
import { donorNoShow, type RequestActor } from './requests';

/** Where a no-show stands: open to dispute, disputed, or decided by a moderator. */
export const noShowDisputeStates = ['disputable', 'pending', 'upheld', 'struck'] as const;
export type NoShowDisputeState = (typeof noShowDisputeStates)[number];

/** What a moderator decides: the no-show stands, or it is struck from the record. */
export const noShowDecisions = ['upheld', 'struck'] as const;
export type NoShowDecision = (typeof noShowDecisions)[number];

/** The dispute dialog, checked the same way in the browser and by the API. */
export const noShowDisputeSchema = z.object({
	statement: z
		.string('requests.errors.disputeStatementLength')
		.check(
			z.trim(),
			storableText,
			z.minLength(reliabilityLimits.disputeMin, 'requests.errors.disputeStatementLength'),
			z.maxLength(reliabilityLimits.disputeMax, 'requests.errors.disputeStatementLength'),
		),
});

/** The request's fields that say whose no-show it is. */
interface NoShowFacts {
	state: string;
	declineReason: string | null;
}

/**
 * Whom a request's ending counts against as a no-show: the receiver of a reservation that expired
 * or that the donor declined because they never came, the donor of one the receiver ended because
 * they did not answer or were not there; null for any other request.
 */
export function noShowOf({ state, declineReason }: NoShowFacts): RequestActor | null {
	if (state === 'expired' || (state === 'declined' && declineReason === 'noShow')) {
		return 'receiver';
	}
	return state === 'withdrawn' && declineReason === donorNoShow ? 'donor' : null;
}

/**
 * Where the request's no-show stands for `viewer`: the person it counts against may dispute it
 * while it counts (90 days); both see a dispute and its outcome. Null where there is no no-show,
 * or nothing to show.
 */
export function noShowDisputeState(
	facts: NoShowFacts & { closedAt: string | null; dispute: string | null },
	viewer: RequestActor,
	now: Date,
): NoShowDisputeState | null {
	const against = noShowOf(facts);
	if (against === null) return null;
	if (facts.dispute !== null) return facts.dispute as NoShowDisputeState;
	const counting =
		facts.closedAt !== null &&
		now.getTime() - Date.parse(facts.closedAt) < reliabilityLimits.recordWindowMs;
	return against === viewer && counting ? 'disputable' : null;
}
