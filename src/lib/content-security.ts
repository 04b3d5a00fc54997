import type { APIContext } from 'astro';

/** A page's Content-Security-Policy, as Astro lets a page extend it (`Astro.csp`). */
type PagePolicy = NonNullable<APIContext['csp']>;

/** Cloudflare Turnstile: its script and its challenge frame (the listing forms' human check). */
export const turnstileOrigins = ['https://challenges.cloudflare.com'] as const;

/**
 * What every answer of the site says about framing and plugins. Server-rendered pages carry it
 * in their own policy (`src/middleware.ts`); the server sends it with everything else, since a
 * policy in a prerendered page's `<meta>` cannot forbid framing.
 */
export const framePolicy = "frame-ancestors 'none'";

/**
 * Lets this page load scripts and frames from `origins` (a provider's widget or payment page),
 * and with `calls` also fetch from them, on top of the site's own policy. Only pages that use a
 * provider call it, so every other page keeps the strict policy.
 */
export function allowProvider(
	policy: PagePolicy | undefined,
	origins: readonly string[],
	{ calls = false } = {},
): void {
	if (!policy || origins.length === 0) return;
	for (const origin of origins) policy.insertScriptResource(origin);
	policy.insertDirective(`frame-src ${origins.join(' ')}`);
	if (calls) policy.insertDirective(`connect-src ${origins.join(' ')}`);
}

/** The CSP hash of a script's exact text. */
export async function scriptHash(source: string): Promise<`sha256-${string}`> {
	const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(source));
	return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

/** How many texts a memoised digest keeps; a build has a few dozen styles and scripts. */
export const digestsKept = 512;

/**
 * `digest` (a text and an algorithm to its CSP hash) computed once per text and algorithm for
 * the life of the process. Astro hashes every style and script it inlines on every render
 * (`generateCspDigest`); those texts are the build's, the same on every page, so each is hashed
 * once (`src/integrations/csp-digests.ts`). A failed digest is not kept. Past `digestsKept`
 * texts the oldest are forgotten, so texts that differ each time cannot grow it without end.
 */
export function memoisedDigest<A extends string>(
	digest: (text: string, algorithm: A) => Promise<string>,
): (text: string, algorithm: A) => Promise<string> {
	const digests = new Map<string, Promise<string>>();
	return (text, algorithm) => {
		const key = `${algorithm}\n${text}`;
		const known = digests.get(key);
		if (known) return known;
		const computed = digest(text, algorithm);
		digests.set(key, computed);
		computed.catch(() => digests.delete(key));
		if (digests.size > digestsKept) digests.delete(digests.keys().next().value!);
		return computed;
	};
}

/**
 * Lets this page run an inline script written in its template (`<script is:inline>`), which
 * Astro does not hash itself, by the hash of exactly its text (`scriptHash`, computed once when
 * the module loads), so an edit can never slip through. Called before the page's first `await`:
 * the policy header is written as the page starts to stream.
 */
export function allowInlineScript(policy: PagePolicy | undefined, hash: `sha256-${string}`): void {
	policy?.insertScriptHash(hash);
}
