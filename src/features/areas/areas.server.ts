import { type Area, areaSearchLimit, isSearchableAreaQuery, normalizeAreaQuery } from './areas';

/** Where the profile form and the shipping routes look districts up. */
export interface AreaDirectory {
	/** Districts matching the query (at least 3 characters after normalizing), best first. */
	search(query: string, limit?: number): Promise<Area[]>;
	/** One district by id, or null. */
	get(id: string): Promise<Area | null>;
}

/**
 * The directory could not answer (provider down, slow, refusing the key or answering nonsense).
 * Routes turn it into a "try again later" rather than an empty result, which would read as "no
 * such place".
 */
export class AreaDirectoryUnavailableError extends Error {
	override readonly name = 'AreaDirectoryUnavailableError';
	/** Short, key-free reason for logs. */
	readonly reason: string;

	/** @param reason short description, never containing credentials */
	constructor(reason: string, options?: ErrorOptions) {
		super(`Area directory unavailable: ${reason}`, options);
		this.reason = reason;
	}
}

/** A district with its names normalized once, so a search only compares strings. */
interface IndexedDistrict {
	readonly area: Area;
	/** "kebayoran baru" */
	readonly district: string;
	/** "kebayoranbaru", so "gunung sitoli" is "Gunungsitoli" and "fakfak" is "Fak-Fak". */
	readonly districtCompact: string;
	/** " kebayoran baru": a word starts with q when this includes " " + q. */
	readonly districtWords: string;
	/** "kota jakarta selatan" */
	readonly regency: string;
	/** "jakarta selatan": people rarely type "kota" or "kabupaten". */
	readonly regencyBare: string;
	/** " kebayoran baru kota jakarta selatan dki jakarta ...", for words spread over all three. */
	readonly allWords: string;
	/** allWords without spaces; every tier but AllWords implies a match here. */
	readonly compact: string;
}

/** Match strength, best first; the search fills one bucket per tier. */
const Tier = {
	ExactDistrict: 0,
	DistrictPrefix: 1,
	DistrictWordPrefix: 2,
	RegencyPrefix: 3,
	AllWords: 4,
	Substring: 5,
} as const;
type Tier = (typeof Tier)[keyof typeof Tier];
const tierCount = Object.keys(Tier).length;

/**
 * The names people (and Biteship) use for the two special-status provinces, which the official
 * list spells out in full. Both spellings stay searchable, with a few everyday ones.
 */
const provinceDisplay: Readonly<Record<string, { name: string; aliases: string }>> = {
	'Daerah Khusus Ibukota Jakarta': { name: 'DKI Jakarta', aliases: 'dki' },
	'Daerah Istimewa Yogyakarta': { name: 'DI Yogyakarta', aliases: 'diy jogja jogjakarta' },
};

/** "Kota Administrasi Jakarta Selatan" is "Kota Jakarta Selatan" on every address and map. */
export function displayRegencyName(official: string): string {
	return official.replace(/^(Kota|Kabupaten) Administrasi /, '$1 ');
}

/** A province's everyday name: "DKI Jakarta" for "Daerah Khusus Ibukota Jakarta". */
export function displayProvinceName(official: string): string {
	return provinceDisplay[official]?.name ?? official;
}

const regencyType = /^(kota|kabupaten) /;

/** Builds the index, sorted so that each tier's bucket fills already in display order. */
function buildIndex(
	provinces: readonly { code: string; name: string }[],
	regencies: readonly { code: string; name: string; province_code: string }[],
	districts: readonly { code: string; name: string; regency_code: string }[],
): { list: IndexedDistrict[]; byId: Map<string, Area> } {
	const provinceRows = new Map(provinces.map((p) => [p.code, p]));
	const regencyRows = new Map(regencies.map((r) => [r.code, r]));
	const ranked: { entry: IndexedDistrict; isCity: boolean; province: string }[] = [];

	for (const row of districts) {
		const regency = regencyRows.get(row.regency_code);
		const province = regency && provinceRows.get(regency.province_code);
		// The CSV parser yields an empty trailing row; orphans would show as "X, , " anyway.
		if (!row.code || !row.name || !regency || !province?.name) continue;
		const special = provinceDisplay[province.name];
		const provinceName = special?.name ?? province.name;
		const regencyName = displayRegencyName(regency.name);
		const area: Area = Object.freeze({
			id: row.code,
			name: `${row.name}, ${regencyName}, ${provinceName}`,
			administrative_division_level_1_name: provinceName,
			administrative_division_level_2_name: regencyName,
			administrative_division_level_3_name: row.name,
		});
		const district = normalizeAreaQuery(row.name);
		const regencyKey = normalizeAreaQuery(regencyName);
		const provinceKey = normalizeAreaQuery(provinceName);
		const provinceExtra = special ? ` ${normalizeAreaQuery(province.name)} ${special.aliases}` : '';
		const allWords = ` ${district} ${regencyKey} ${provinceKey}${provinceExtra}`;
		ranked.push({
			entry: {
				area,
				district,
				districtCompact: district.replaceAll(' ', ''),
				districtWords: ` ${district}`,
				regency: regencyKey,
				regencyBare: regencyKey.replace(regencyType, ''),
				allWords,
				compact: allWords.replaceAll(' ', ''),
			},
			// More people live in cities, so their districts are the likelier answer on a tie.
			isCity: regencyKey.startsWith('kota '),
			province: provinceKey,
		});
	}

	ranked.sort(
		(a, b) =>
			Number(b.isCity) - Number(a.isCity) ||
			compare(a.entry.district, b.entry.district) ||
			compare(a.entry.regency, b.entry.regency) ||
			compare(a.province, b.province),
	);
	const list = ranked.map((r) => r.entry);
	return { list, byId: new Map(list.map((d) => [d.area.id, d.area])) };
}

function compare(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** A normalized query with the variants the tiers compare against, computed once per search. */
interface PreparedQuery {
	readonly q: string;
	/** " " + q, for word prefixes. */
	readonly spaced: string;
	/** q without spaces. */
	readonly compact: string;
	/** " " + each word of q. */
	readonly spacedWords: readonly string[];
}

function prepareQuery(q: string): PreparedQuery {
	const words = q.split(' ');
	return { q, spaced: ` ${q}`, compact: words.join(''), spacedWords: words.map((w) => ` ${w}`) };
}

/** Whether every query word starts a word of the district, regency or province. */
function everyWordStarts(d: IndexedDistrict, spacedWords: readonly string[]): boolean {
	// A plain loop: this runs for thousands of districts per search, so no closure per district.
	for (const w of spacedWords) if (!d.allWords.includes(w)) return false;
	return true;
}

/** The strongest way a district matches the query, or -1. */
function tierOf(d: IndexedDistrict, query: PreparedQuery): Tier | -1 {
	// One substring test rejects almost every district: every tier but AllWords implies it, and
	// so does AllWords for a one-word query.
	if (!d.compact.includes(query.compact)) {
		return query.spacedWords.length > 1 && everyWordStarts(d, query.spacedWords)
			? Tier.AllWords
			: -1;
	}
	if (d.districtCompact === query.compact) return Tier.ExactDistrict;
	if (d.districtCompact.startsWith(query.compact)) return Tier.DistrictPrefix;
	if (d.districtWords.includes(query.spaced)) return Tier.DistrictWordPrefix;
	if (d.regencyBare.startsWith(query.q) || d.regency.startsWith(query.q)) return Tier.RegencyPrefix;
	return everyWordStarts(d, query.spacedWords) ? Tier.AllWords : Tier.Substring;
}

/** Ranks the index for a normalized query; see createEmbeddedAreaDirectory for the order. */
function searchIndex(index: readonly IndexedDistrict[], q: string, limit: number): Area[] {
	const query = prepareQuery(q);
	const buckets: Area[][] = Array.from({ length: tierCount }, () => []);

	// One pass in the index's pre-sorted order leaves every bucket sorted, so nothing is sorted here.
	for (const d of index) {
		const tier = tierOf(d, query);
		if (tier !== -1) buckets[tier]?.push(d.area);
	}

	const results: Area[] = [];
	for (const bucket of buckets) {
		for (const area of bucket) {
			if (results.length >= limit) return results;
			results.push(area);
		}
	}
	return results;
}

type EmbeddedIndex = ReturnType<typeof buildIndex>;

/** Shared by every embedded directory: the data never changes while the process runs. */
let indexPromise: Promise<EmbeddedIndex> | undefined;

function loadIndex(): Promise<EmbeddedIndex> {
	indexPromise ??= (async () => {
		// Imported on first use: parsing the CSVs costs tens of milliseconds nobody should pay at boot.
		const data = await import('idn-area-data');
		const [provinces, regencies, districts] = await Promise.all([
			data.getProvinces(),
			data.getRegencies(),
			data.getDistricts(),
		]);
		return buildIndex(provinces, regencies, districts);
	})().catch((error: unknown) => {
		// Let the next request try again instead of remembering a failure forever.
		indexPromise = undefined;
		throw new AreaDirectoryUnavailableError('embedded area data failed to load', { cause: error });
	});
	return indexPromise;
}

/** Every embedded district in display order (for tests and tools, e.g. counting or seeding). */
export async function loadEmbeddedAreas(): Promise<readonly Area[]> {
	return (await loadIndex()).list.map((d) => d.area);
}

/**
 * The directory built into the app from `idn-area-data` (the official district list), used when
 * no Biteship key is configured. Ids are district codes ("31.74.07"); there are no postal codes.
 *
 * Results are ranked for people typing: exact district name; district names starting with the
 * query; districts with a word starting with it; districts of a regency or city whose name starts
 * with it ("jakarta selatan"); districts where every query word starts a word of the district,
 * regency or province ("kebayoran lama jakarta"); then substrings, ignoring spaces. Within a tier,
 * districts of cities come first, then alphabetical order.
 */
export function createEmbeddedAreaDirectory(): AreaDirectory {
	return {
		async search(query, limit = areaSearchLimit) {
			const count = Number.isFinite(limit) ? Math.floor(limit) : areaSearchLimit;
			// Short queries are refused before the data is even loaded.
			if (!isSearchableAreaQuery(query) || count < 1) return [];
			return searchIndex((await loadIndex()).list, normalizeAreaQuery(query), count);
		},
		async get(id) {
			return (await loadIndex()).byId.get(id) ?? null;
		},
	};
}
