import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import CredentialsForm from './CredentialsForm.astro';
import SignInPrompt from './SignInPrompt.astro';

/** The page's words as a reader sees them: tags gone, whitespace as one space. */
const visibleText = (html: string) =>
	html
		.replace(/<[^>]+>/g, '')
		.replace(/\s+/g, ' ')
		.trim();

describe('the line that switches between signing in and signing up', () => {
	it('keeps a space between the question and its link on the provider’s form', async () => {
		const container = await AstroContainer.create();
		const form = (locale: 'id' | 'en', mode: 'signIn' | 'signUp') =>
			container
				.renderToString(CredentialsForm, {
					props: { locale, mode, email: '', errors: {}, uid: 'uid-1' },
				})
				.then(visibleText);
		expect(await form('id', 'signUp')).toContain('Sudah punya akun? Masuk di sini');
		expect(await form('id', 'signIn')).toContain('Belum punya akun? Daftar di sini');
		expect(await form('en', 'signUp')).toContain('Already have an account? Sign in here');
		expect(await form('en', 'signIn')).toContain('No account yet? Sign up here');
	});

	it('offers signing in as plainly as signing up on the sign-in prompt, both on to the same place', async () => {
		const container = await AstroContainer.create();
		const prompt = (locale: 'id' | 'en', mode: 'login' | 'register') =>
			container.renderToString(SignInPrompt, { props: { locale, mode, redirectTo: '/items' } });
		// Each part of the prompt is its own block: their words are read apart.
		const words = (html: string) => visibleText(html.replace(/<\/(?:p|a|div|h1)>/g, ' '));
		const html = await prompt('id', 'register');
		expect(words(html)).toContain('Belum punya akun? Lanjut daftar Sudah punya akun? Lanjut masuk');
		expect(words(await prompt('id', 'login'))).toContain(
			'Sudah punya akun? Lanjut masuk Belum punya akun? Lanjut daftar',
		);
		expect(words(await prompt('en', 'register'))).toContain(
			'Already have an account? Continue to sign in',
		);
		// Two buttons of one size, each keeping the way back.
		const buttons = [...html.matchAll(/<a href="([^"]+)" class="([^"]+)"/g)].map(
			([, href, classes]) => ({
				href: href!.replaceAll('&amp;', '&'),
				classes: classes!.split(' '),
			}),
		);
		expect(buttons.map(({ href }) => href)).toEqual([
			'/register?redirectTo=%2Fitems&continue=1',
			'/login?redirectTo=%2Fitems&continue=1',
		]);
		for (const { classes } of buttons)
			expect(classes).toEqual(expect.arrayContaining(['btn', 'btn-lg']));
	});
});
