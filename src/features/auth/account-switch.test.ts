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

	it('keeps a space between the question and its link on the sign-in prompt', async () => {
		const container = await AstroContainer.create();
		const prompt = (locale: 'id' | 'en', mode: 'login' | 'register') =>
			container
				.renderToString(SignInPrompt, { props: { locale, mode, redirectTo: '/items' } })
				.then(visibleText);
		expect(await prompt('id', 'register')).toContain('Sudah punya akun? Masuk di sini');
		expect(await prompt('id', 'login')).toContain('Belum punya akun? Daftar di sini');
		expect(await prompt('en', 'register')).toContain('Already have an account? Sign in here');
	});
});
