import { z } from 'zod';
import { fetchWhole, type OutboundAnswer, OutboundFailure } from '~/server/http/outbound';
import { type Area, areaSearchLimit, isSearchableAreaQuery } from './areas';
import { type AreaDirectory, AreaDirectoryUnavailableError } from './areas.server';

export { AreaDirectoryUnavailableError };

/** Options for the Biteship-backed directory. */
export interface BiteshipAreaDirectoryOptions {
	/** Sent as is in `authorization` (Biteship takes the raw key, no "Bearer"). */
	apiKey: string;
	/** Defaults to https://api.biteship.com; tests and staging proxies point elsewhere. */
	baseUrl?: string;
	/** Defaults to the global fetch; injected in tests so nothing touches the network. */
	fetch?: typeof fetch;
	/** Whole-request budget, body included. Defaults to 5 s. */
	timeoutMs?: number;
}

const defaultBaseUrl = 'https://api.biteship.com';
const defaultTimeoutMs = 5000;
/** Provider messages go into logs; a long one is cut rather than trusted. */
const maxReasonLength = 160;

/** One area of Biteship's maps API; only the fields the product shows are read. */
const biteshipAreaSchema = z.object({
	id: z.string().min(1),
	name: z.string().min(1),
	administrative_division_level_1_name: z.string(),
	administrative_division_level_2_name: z.string(),
	administrative_division_level_3_name: z.string(),
	// A number in the docs; a string or null would not surprise anyone either.
	postal_code: z.union([z.number(), z.string()]).nullish(),
});

/** The success envelope. Areas are checked one by one so that one odd entry costs only itself. */
const successSchema = z.object({
	success: z.literal(true),
	areas: z.array(z.unknown()),
});

/** The error envelope; `code` is not always there. */
const errorSchema = z.object({
	success: z.literal(false).optional(),
	error: z.string().optional(),
	code: z.number().optional(),
});

type BiteshipArea = z.infer<typeof biteshipAreaSchema>;

/** Postal codes are shown and stored as text; anything that is not a plain code is dropped. */
function postalCodeText(value: BiteshipArea['postal_code']): string | undefined {
	if (typeof value === 'number') {
		return Number.isSafeInteger(value) && value > 0 ? String(value) : undefined;
	}
	const text = value?.trim();
	return text ? text : undefined;
}

function toArea(area: BiteshipArea): Area {
	const postalCode = postalCodeText(area.postal_code);
	return {
		id: area.id,
		// Biteship's own label ("Pesanggrahan, Jakarta Selatan, DKI Jakarta. 12250") is kept.
		name: area.name,
		administrative_division_level_1_name: area.administrative_division_level_1_name,
		administrative_division_level_2_name: area.administrative_division_level_2_name,
		administrative_division_level_3_name: area.administrative_division_level_3_name,
		...(postalCode === undefined ? {} : { postal_code: postalCode }),
	};
}

/**
 * The production directory: Biteship's maps API (`/v1/maps/areas`), whose ids the shipping-rate
 * calls need. Every failure, including a timeout, becomes an AreaDirectoryUnavailableError whose
 * message never contains the key. Searches shorter than 3 normalized characters answer an empty
 * list without a request; `get` answers null for an empty result or a 404.
 */
export function createBiteshipAreaDirectory(options: BiteshipAreaDirectoryOptions): AreaDirectory {
	const { apiKey, timeoutMs = defaultTimeoutMs } = options;
	if (!apiKey.trim()) throw new TypeError('Biteship area directory needs an API key');
	const fetchImpl = options.fetch ?? globalThis.fetch;
	const baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '');

	/** Provider text with the key blanked out (in case an error echoes the request) and cut short. */
	function redact(text: string): string {
		const clean = text.replaceAll(apiKey, '[redacted]').replace(/\s+/g, ' ').trim();
		return clean.length > maxReasonLength ? `${clean.slice(0, maxReasonLength)}…` : clean;
	}

	function unavailable(reason: string, cause?: unknown): AreaDirectoryUnavailableError {
		return new AreaDirectoryUnavailableError(
			`Biteship ${reason}`,
			cause === undefined ? undefined : { cause },
		);
	}

	/** GETs a maps path and answers the valid areas, or null for a 404 when `notFoundIsNull`. */
	async function fetchAreas(path: string, notFoundIsNull: boolean): Promise<Area[] | null> {
		let answer: OutboundAnswer;
		try {
			answer = await fetchWhole(
				fetchImpl,
				`${baseUrl}${path}`,
				{ method: 'GET', headers: { authorization: apiKey, accept: 'application/json' } },
				timeoutMs,
			);
		} catch (error) {
			const failure = error instanceof OutboundFailure ? error : null;
			if (failure?.timedOut) throw unavailable(`timed out after ${timeoutMs} ms`, failure.cause);
			throw unavailable('could not be reached', failure?.cause ?? error);
		}
		const { status, ok, text } = answer;

		let body: unknown;
		try {
			body = JSON.parse(text);
		} catch {
			body = undefined;
		}

		if (!ok) {
			if (status === 404 && notFoundIsNull) return null;
			const message = errorSchema.safeParse(body).data?.error;
			throw unavailable(`answered HTTP ${status}${message ? `: ${redact(message)}` : ''}`);
		}
		if (body === undefined)
			throw unavailable(`answered HTTP ${status} with a body that is not JSON`);

		const envelope = successSchema.safeParse(body);
		if (!envelope.success) {
			const failure = errorSchema.safeParse(body).data;
			if (failure?.success === false) {
				throw unavailable(
					`refused the request${failure.error ? `: ${redact(failure.error)}` : ''}`,
				);
			}
			throw unavailable('answered in an unexpected shape');
		}

		const areas = envelope.data.areas.flatMap((raw) => {
			const parsed = biteshipAreaSchema.safeParse(raw);
			return parsed.success ? [toArea(parsed.data)] : [];
		});
		// Every entry unreadable means the format changed, not that nothing matched.
		if (areas.length === 0 && envelope.data.areas.length > 0) {
			throw unavailable('answered areas in an unexpected shape');
		}
		return areas;
	}

	return {
		async search(query, limit = areaSearchLimit) {
			const count = Number.isFinite(limit) ? Math.floor(limit) : areaSearchLimit;
			if (!isSearchableAreaQuery(query) || count < 1) return [];
			// Biteship does its own matching, so it gets what was typed, only tidied.
			const input = query.trim().replace(/\s+/g, ' ');
			const params = new URLSearchParams({ countries: 'ID', input, type: 'single' });
			const areas = await fetchAreas(`/v1/maps/areas?${params}`, false);
			return (areas ?? []).slice(0, count);
		},
		async get(id) {
			if (!id.trim()) return null;
			const areas = await fetchAreas(`/v1/maps/areas/${encodeURIComponent(id)}`, true);
			return areas?.[0] ?? null;
		},
	};
}
