/** An outside service's answer, read whole. */
export interface OutboundAnswer {
	status: number;
	ok: boolean;
	text: string;
}

/** A call that got no whole answer in time, or none at all. */
export class OutboundFailure extends Error {
	constructor(
		readonly timedOut: boolean,
		cause: unknown,
	) {
		super(timedOut ? 'timed out' : 'unreachable', { cause });
	}
}

/** Rejects with the signal's reason once it aborts, even if the promise never settles. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
	// An injected or misbehaving fetch may ignore the signal; the time limit must hold regardless.
	return new Promise<T>((resolve, reject) => {
		const onAbort = () => reject(signal.reason);
		if (signal.aborted) return onAbort();
		signal.addEventListener('abort', onAbort, { once: true });
		promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
	});
}

/** Fetches `url` and reads the whole body within `timeoutMs`, or throws an OutboundFailure. */
export async function fetchWhole(
	fetchImpl: typeof fetch,
	url: string,
	init: Omit<RequestInit, 'signal'>,
	timeoutMs: number,
): Promise<OutboundAnswer> {
	const signal = AbortSignal.timeout(timeoutMs);
	try {
		const response = await untilAborted(fetchImpl(url, { ...init, signal }), signal);
		const text = await untilAborted(response.text(), signal);
		return { status: response.status, ok: response.ok, text };
	} catch (error) {
		throw new OutboundFailure(signal.aborted, error);
	}
}
