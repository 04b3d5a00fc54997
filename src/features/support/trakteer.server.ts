import { z } from 'zod';
import { fetchWhole, type OutboundAnswer, OutboundFailure } from '~/server/http/outbound';
import { type Supporter, topSupporters } from './support';

/** Options of the Trakteer-backed supporters list. */
export interface TrakteerSupportersOptions {
	/** Trakteer's `trapi-…` key, sent raw in the `key` header. */
	apiKey: string;
	/** Where to read supporters when Trakteer fails before any good answer (the local table). */
	fallback: () => Promise<Supporter[]>;
	/** Defaults to the global fetch; injected in tests so nothing touches the network. */
	fetch?: typeof fetch;
	/** Defaults to https://api.trakteer.id/v1/public. */
	baseUrl?: string;
	/** How many supports to ask for; the largest 8 successful ones are kept. Defaults to 50. */
	limit?: number;
	/** How long a good answer is served without asking again. Defaults to 5 minutes. */
	cacheMs?: number;
	/** After a failure, how long to serve the fallback before trying again. Defaults to 30 s. */
	retryMs?: number;
	/** Whole-request budget, body included. Defaults to 5 s. */
	timeoutMs?: number;
	/** The clock, in ms; injected in tests. */
	now?: () => number;
	/** Where failures are reported; defaults to `console.warn`. */
	log?: (message: string) => void;
}

const defaults = {
	baseUrl: 'https://api.trakteer.id/v1/public',
	limit: 50,
	cacheMs: 5 * 60_000,
	retryMs: 30_000,
	timeoutMs: 5000,
};

/** A failed call, whatever the cause; its message never contains the key. */
export class TrakteerUnavailableError extends Error {}

/** One support. The name field is `supporter_name` in older docs, `creator_name` in newer ones. */
const supportSchema = z.object({
	supporter_name: z.string().nullish(),
	creator_name: z.string().nullish(),
	support_message: z.string().nullish(),
	quantity: z.number().int().positive(),
	amount: z.number().int().nonnegative(),
	unit_name: z.string().nullish(),
	status: z.string(),
});

const envelopeSchema = z.object({
	status: z.literal('success'),
	result: z.object({ data: z.array(z.unknown()) }),
});

/** Reads Trakteer's `/supports` body: only `status === 'success'` supports, as supporters. */
export function parseTrakteerSupports(body: unknown): Supporter[] {
	const envelope = envelopeSchema.safeParse(body);
	if (!envelope.success) throw new TrakteerUnavailableError('Trakteer answered an unexpected body');
	const supports = envelope.data.result.data.map((raw) => supportSchema.safeParse(raw));
	// Every entry unreadable means the format changed, not that nobody supported us.
	if (supports.length > 0 && supports.every((parsed) => !parsed.success)) {
		throw new TrakteerUnavailableError('Trakteer answered supports in an unexpected shape');
	}
	return supports.flatMap((parsed) => {
		if (!parsed.success || parsed.data.status !== 'success') return [];
		const support = parsed.data;
		const name = (support.supporter_name ?? support.creator_name ?? '').trim();
		if (!name) return [];
		return [
			{
				supporterName: name,
				amount: support.amount,
				supportMessage: support.support_message?.trim() || null,
				quantity: support.quantity,
				unitName: support.unit_name?.trim() || null,
			},
		];
	});
}

/**
 * The top supporters from Trakteer's public supports API. A good
 * answer is cached for `cacheMs`; on an error, a timeout or malformed data it serves the last
 * good answer, else `fallback()`, and asks Trakteer again only after `retryMs` so a Trakteer
 * outage never makes every page view wait for a timeout. Concurrent callers share one request.
 */
export function createTrakteerSupporters(
	options: TrakteerSupportersOptions,
): () => Promise<Supporter[]> {
	const settings = { ...defaults, ...options };
	const { apiKey, fallback } = settings;
	if (!apiKey.trim()) throw new TypeError('Trakteer supporters need an API key');
	const fetchImpl = options.fetch ?? globalThis.fetch;
	const now = options.now ?? Date.now;
	const log = options.log ?? ((message: string) => console.warn(message));

	let lastGood: Supporter[] | null = null;
	/** When to ask Trakteer again: after the cache expires, or after the retry pause. */
	let nextAskAt = 0;
	let inFlight: Promise<Supporter[]> | null = null;

	async function ask(): Promise<Supporter[]> {
		const url = `${settings.baseUrl.replace(/\/+$/, '')}/supports?${new URLSearchParams({
			limit: String(settings.limit),
			page: '1',
		})}`;
		let response: OutboundAnswer;
		try {
			response = await fetchWhole(
				fetchImpl,
				url,
				{
					headers: {
						key: apiKey,
						Accept: 'application/json',
						'X-Requested-With': 'XMLHttpRequest',
					},
				},
				settings.timeoutMs,
			);
		} catch (error) {
			const timedOut = error instanceof OutboundFailure && error.timedOut;
			const reason = timedOut ? `timed out after ${settings.timeoutMs} ms` : 'unreachable';
			throw new TrakteerUnavailableError(`Trakteer ${reason}`, {
				cause: error instanceof OutboundFailure ? error.cause : error,
			});
		}
		const { text } = response;
		if (!response.ok)
			throw new TrakteerUnavailableError(`Trakteer answered HTTP ${response.status}`);
		let body: unknown;
		try {
			body = JSON.parse(text);
		} catch {
			throw new TrakteerUnavailableError('Trakteer answered a body that is not JSON');
		}
		return topSupporters(parseTrakteerSupports(body));
	}

	async function refresh(): Promise<Supporter[]> {
		try {
			lastGood = await ask();
			nextAskAt = now() + settings.cacheMs;
			return lastGood;
		} catch (error) {
			nextAskAt = now() + settings.retryMs;
			const message = error instanceof Error ? error.message : String(error);
			log(
				`${message.replaceAll(apiKey, '[redacted]')}; serving the last good answer or the local table`,
			);
			return lastGood ?? topSupporters(await fallback());
		}
	}

	return () => {
		if (now() < nextAskAt)
			return lastGood ? Promise.resolve(lastGood) : fallback().then(topSupporters);
		inFlight ??= refresh().finally(() => {
			inFlight = null;
		});
		return inFlight;
	};
}
