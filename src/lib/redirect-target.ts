/**
 * A `redirectTo` value made safe: a path on this site only. Anything that could leave the
 * site (`//evil`, `https://…`, `/\evil`, control characters) becomes `fallback`.
 */
export function safeRedirectTarget(value: string | null | undefined, fallback = '/'): string {
	if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
		return fallback;
	}
	if ([...value].some((char) => char < ' ' || char === '\\')) return fallback;
	try {
		const url = new URL(value, 'http://site.invalid');
		if (url.origin !== 'http://site.invalid') return fallback;
		return `${url.pathname}${url.search}${url.hash}`;
	} catch {
		return fallback;
	}
}

/** Why the visitor was sent to sign in or to complete their profile. */
export type RedirectReason = 'loginRequired' | 'completeProfileFirst';

/** `/register?redirectTo=/items/42&reason=loginRequired` and the like. */
export function withRedirect(path: string, redirectTo: string, reason?: RedirectReason): string {
	const params = new URLSearchParams({ redirectTo: safeRedirectTarget(redirectTo) });
	if (reason) params.set('reason', reason);
	return `${path}?${params}`;
}
