/**
 * Every page carries a Content-Security-Policy that forbids framing, plugins and other base
 * URLs, and allows each inline script it holds by hash: a script the policy does not name fails
 * this test before it fails in a visitor's browser. The policy does not depend on the language,
 * so each page is opened in one, the two taking turns.
 */
import { createHash } from 'node:crypto';
import type { Page, Response } from '@playwright/test';
import { expect, signedIn, test } from './support/accounts';
import { localePath, locales } from './support/i18n';
import { listItem } from './support/items';

test.describe.configure({ timeout: 90_000 });

interface PageSecurity {
	headers: string[];
	meta: string[];
	inlineScripts: string[];
	violations: string[];
}

/** The policies of the page `response` loaded, its inline scripts, and what the browser refused. */
async function securityOf(page: Page, response: Response | null): Promise<PageSecurity> {
	await page.waitForLoadState('networkidle');
	const headers = ((await response?.headersArray()) ?? [])
		.filter((header) => header.name.toLowerCase() === 'content-security-policy')
		.map((header) => header.value);
	const found = await page.evaluate(() => ({
		meta: [...document.querySelectorAll('meta[http-equiv="content-security-policy" i]')].map(
			(meta) => meta.getAttribute('content') ?? '',
		),
		// Data blocks (JSON-LD) are not run, so no policy applies to them.
		inlineScripts: [...document.querySelectorAll('script:not([src])')]
			.filter((script) => !/json/.test(script.getAttribute('type') ?? ''))
			.map((script) => script.textContent ?? ''),
		violations: (window as unknown as { cspViolations: string[] }).cspViolations,
	}));
	return { headers, ...found };
}

function scriptSources(policies: string[]): string[] {
	return policies.flatMap((policy) =>
		policy
			.split(';')
			.map((directive) => directive.trim().split(/\s+/))
			.filter(([name]) => name === 'script-src')
			.flatMap(([, ...sources]) => sources),
	);
}

function expectSafe(path: string, security: PageSecurity) {
	const all = [...security.headers, ...security.meta];
	expect(security.headers.join(' '), `${path}: framing`).toContain("frame-ancestors 'none'");
	expect(all.join(' '), `${path}: plugins`).toContain("object-src 'none'");
	expect(all.join(' '), `${path}: base`).toContain("base-uri 'self'");
	const sources = scriptSources(all);
	expect(sources, `${path}: a script-src`).toContain("'self'");
	expect(sources, `${path}: no inline scripts by default`).not.toContain("'unsafe-inline'");
	for (const script of security.inlineScripts) {
		const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
		expect(sources, `${path}: an inline script without its hash: ${script.slice(0, 80)}`).toContain(
			hash,
		);
	}
	expect(security.violations, `${path}: refused by the policy`).toEqual([]);
}

test('every page has a strict Content-Security-Policy that allows its own scripts', async ({
	page,
}) => {
	await page.addInitScript(() => {
		const store = window as unknown as { cspViolations: string[] };
		store.cspViolations = [];
		document.addEventListener('securitypolicyviolation', (event) =>
			store.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
		);
	});
	const checked: string[] = [];
	/** Opens each of `paths`, in Indonesian and English by turns. */
	const check = async (paths: string[]) => {
		for (const [index, path] of paths.entries()) {
			const localized = localePath(path, locales[index % locales.length]!);
			const response = await page.goto(localized);
			expectSafe(localized, await securityOf(page, response));
			checked.push(localized);
		}
	};

	// Signed in: the account pages and the listing form (with its human check).
	await signedIn(page);
	const item = await listItem(page, 'Lemari pakaian dua pintu');
	await check([
		'/donate-item',
		'/my-items',
		`/my-items/${item.id}/edit`,
		`/my-items/${item.id}/requests`,
		'/my-requests',
		'/saved-searches',
		'/settings/notifications',
		'/profile',
		'/edit-profile',
		'/complete-profile',
	]);
	// Signed out: prerendered pages, server-rendered ones, the sign-in form.
	await page.context().clearCookies();
	await check([
		'/',
		'/items',
		'/items?search=lemari',
		`/items/${item.id}`,
		`/profile/${item.donorId}`,
		'/heroes/rankings',
		'/support-us',
		'/privacy-policy',
		'/terms',
		'/halaman-yang-tidak-ada',
	]);
	const signIn = await page.goto(localePath('/login', 'en'));
	await page.waitForURL(/\/auth\/interaction\//);
	expectSafe('sign-in form', await securityOf(page, signIn));
	checked.push('sign-in form');
	console.log(`Content-Security-Policy checked on ${checked.length} pages`);
});
