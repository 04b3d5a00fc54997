import type { AstroGlobal } from 'astro';
import { describe, expect, it } from 'vitest';
import { seenCookie } from '~/server/auth/seen-cookie';
import type { ServerContext } from '~/server/context';
import { signInPageResponse } from './sign-in-page.server';

/** A signed-out visit to `path` as the sign-in pages see it; going on to the provider is not. */
function visit(path: string, cookies: Record<string, string> = {}): AstroGlobal {
	return {
		url: new URL(path, 'http://localhost:4321'),
		locals: { user: null },
		cookies: { get: (name: string) => (name in cookies ? { value: cookies[name] } : undefined) },
		redirect: (to: string) => new Response(null, { status: 302, headers: { Location: to } }),
	} as unknown as AstroGlobal;
}

const server = {} as ServerContext;
const asked = '/en/register?redirectTo=%2Fen%2Fmy-items&reason=loginRequired';

describe('the sign-up prompt a member’s page sends a signed-out visitor to', () => {
	it('shows itself to a browser new to the site', async () => {
		expect(await signInPageResponse(server, visit(asked), 'register')).toEqual({
			prompt: { redirectTo: '/en/my-items' },
		});
	});

	it('hands a browser that signed in here before on to the sign-in prompt, the way back kept', async () => {
		const outcome = await signInPageResponse(
			server,
			visit(asked, { [seenCookie]: '1' }),
			'register',
		);
		expect('response' in outcome && outcome.response.headers.get('Location')).toBe(
			'/en/login?redirectTo=%2Fen%2Fmy-items&reason=loginRequired',
		);
		const login = asked.replace('/register', '/login');
		expect(await signInPageResponse(server, visit(login, { [seenCookie]: '1' }), 'login')).toEqual({
			prompt: { redirectTo: '/en/my-items' },
		});
	});
});
