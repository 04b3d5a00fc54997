/**
 * An island's texts by reference (decision 045): its page passes `{ href }`, the address of the
 * texts for one language and version, instead of the texts themselves. The server renders the
 * island with the texts it composed for that address; the browser fetches them once, and keeps
 * them as long as the address stays (it names their hash), across pages and visits.
 */
import type { IslandResources } from './island';

export interface IslandTexts {
	href: string;
}

/** Whether an island's `resources` prop is a reference rather than the texts. */
export function isIslandTexts(value: IslandTexts | IslandResources): value is IslandTexts {
	return typeof (value as Partial<IslandTexts>).href === 'string';
}

/** What the server composed, by address: it renders islands with these. */
const composed = new Map<string, IslandResources>();

export function rememberIslandTexts(href: string, resources: IslandResources): void {
	composed.set(href, resources);
}

export function composedIslandTexts(href: string): IslandResources {
	const resources = composed.get(href);
	if (!resources) throw new Error(`No island texts were composed for ${href}`);
	return resources;
}

/** Fetched once per page for all the islands that share them. */
const loading = new Map<string, Promise<IslandResources>>();

/**
 * The texts at `href`, asked for once per page. Should they not come (offline without a copy, a
 * page from before a deploy), the island keeps the server's HTML and is not started: the promise
 * never settles.
 */
export function loadIslandTexts(href: string): Promise<IslandResources> {
	let texts = loading.get(href);
	if (!texts) {
		texts = fetch(href, { credentials: 'same-origin' })
			.then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
			.catch(() => new Promise<never>(() => {}));
		loading.set(href, texts);
	}
	return texts;
}

/**
 * Starts fetching the texts of every island on the page, as soon as the islands' shared code runs:
 * alongside their components' code rather than after it.
 */
function fetchPageIslandTexts(): void {
	for (const island of document.querySelectorAll('astro-island[props*="/texts/"]')) {
		const href = /\/texts\/[\w~/.-]+\.json/.exec(island.getAttribute('props') ?? '')?.[0];
		if (href) void loadIslandTexts(href);
	}
}

if (typeof document !== 'undefined') fetchPageIslandTexts();
