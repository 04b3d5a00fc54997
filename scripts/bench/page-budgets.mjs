// What each kind of page may make a phone download: the gzip JavaScript budget per kind, the kind
// of any page path, and the pages `npm run bench` measures when none are named (every kind, in
// both languages).

// Budgets count everything a page loads to work in full; a rare part loaded on use (a dialog, a
// map) counts only once used. `npm test` holds the built pages to them (scripts/check-budgets.mjs),
// `npm run bench` measures them in a browser, and the README's table shows them.
/** Gzip JavaScript a page with a React island may load, in KB. */
const islandPageKb = 100;
/** Gzip JavaScript a page without an island may load, in KB. */
const plainPageKb = 8;

/** Gzip JavaScript budget per kind of page, in KB. */
export const jsBudgetsKb = {
	// The latest items, the top donors and the totals, in plain TypeScript without React.
	home: 10,
	// Pages built around a React island.
	items: islandPageKb,
	'item detail': islandPageKb,
	// The needs list: cards, a filter form and page links, no island.
	needs: plainPageKb,
	// A need with its report button, and its owner's or a donor's panel when signed in.
	need: islandPageKb,
	rankings: islandPageKb,
	// Text with the site's menu and language switch, no island.
	support: plainPageKb,
	legal: plainPageKb,
	'not found': plainPageKb,
	// Any other page a signed-out visitor reaches (a donor's profile, the sign-in and registration
	// forms; account pages send the visitor to sign in) has no island either.
	other: plainPageKb,
};

/** @typedef {keyof typeof jsBudgetsKb} PageKind */

/** @type {Array<[RegExp, PageKind]>} */
const kindsByPath = [
	[/^\/$/, 'home'],
	[/^\/items$/, 'items'],
	[/^\/items\/\d+$/, 'item detail'],
	[/^\/needs$/, 'needs'],
	[/^\/needs\/\d+$/, 'need'],
	[/^\/heroes\/rankings$/, 'rankings'],
	[/^\/support-us$/, 'support'],
	[/^\/(?:privacy-policy|terms)$/, 'legal'],
];

/**
 * The kind of a page, by its path in either language; a page that answered 404 is the not-found
 * page whatever its path.
 * @param {string} pagePath
 * @param {number | undefined} status
 * @returns {PageKind}
 */
export function pageKindOf(pagePath, status) {
	if (status === 404) return 'not found';
	const { pathname } = new URL(pagePath, 'http://bench');
	const unprefixed = pathname.replace(/^\/en(?=\/|$)/, '').replace(/\/+$/, '') || '/';
	return kindsByPath.find(([pattern]) => pattern.test(unprefixed))?.[1] ?? 'other';
}

/** Stands for the id of an item the server shows, found once the server runs. */
export const itemPlaceholder = '{item}';

/** Stands for the id of a need the server lists, found likewise. */
export const needPlaceholder = '{need}';

/** The pages measured when `--pages` is not given: every kind in both languages, and a 404. */
export const defaultPages = [
	'/',
	'/en',
	'/items',
	'/en/items',
	`/items/${itemPlaceholder}`,
	`/en/items/${itemPlaceholder}`,
	'/needs',
	'/en/needs',
	`/needs/${needPlaceholder}`,
	`/en/needs/${needPlaceholder}`,
	'/heroes/rankings',
	'/en/heroes/rankings',
	'/support-us',
	'/en/support-us',
	'/privacy-policy',
	'/en/privacy-policy',
	'/terms',
	'/en/terms',
	'/halaman-yang-tidak-ada',
];

/** The pages `--against` compares with another version when none are named. */
export const comparedPages = ['/', '/items', `/items/${itemPlaceholder}`, '/heroes/rankings'];

/**
 * The newest id a list of the API names, to stand for `placeholder`.
 * @param {string} baseUrl
 * @param {'items' | 'needs'} list
 * @param {string} placeholder
 */
async function newestId(baseUrl, list, placeholder) {
	const response = await fetch(new URL(`/api/${list}?limit=1`, baseUrl));
	const id = response.ok ? (await response.json())?.data?.[list]?.[0]?.id : undefined;
	if (id === undefined) {
		throw new Error(
			`the server lists no ${list} (HTTP ${response.status}) to stand for ${placeholder}`,
		);
	}
	return String(id);
}

/**
 * The pages with `itemPlaceholder` and `needPlaceholder` replaced by the newest item and need the
 * server lists (the bench server has the demo data), so an item's and a need's pages are measured
 * on any fresh data folder.
 * @param {string} baseUrl
 * @param {string[]} pages
 * @returns {Promise<string[]>}
 */
export async function resolvePages(baseUrl, pages) {
	const names = /** @type {const} */ ([
		[itemPlaceholder, 'items'],
		[needPlaceholder, 'needs'],
	]);
	let resolved = pages;
	for (const [placeholder, list] of names) {
		if (!resolved.some((page) => page.includes(placeholder))) continue;
		const id = await newestId(baseUrl, list, placeholder);
		resolved = resolved.map((page) => page.replaceAll(placeholder, id));
	}
	return resolved;
}
