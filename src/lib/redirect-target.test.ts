import { describe, expect, it } from 'vitest';
import { safeRedirectTarget, withRedirect } from './redirect-target';

describe('safeRedirectTarget', () => {
	it('keeps paths on this site with their query', () => {
		expect(safeRedirectTarget('/items/42')).toBe('/items/42');
		expect(safeRedirectTarget('/items?search=kursi&page=2')).toBe('/items?search=kursi&page=2');
		expect(safeRedirectTarget('/en/donate-item')).toBe('/en/donate-item');
	});

	it('drops anything that could leave the site', () => {
		for (const target of [
			'https://evil.example/',
			'//evil.example/path',
			'/\\evil.example',
			'javascript:alert(1)',
			'evil.example',
			'/\tevil',
			'',
			null,
			undefined,
		]) {
			expect(safeRedirectTarget(target), String(target)).toBe('/');
		}
	});

	it('builds redirect links with a reason', () => {
		expect(withRedirect('/register', '/items/42', 'loginRequired')).toBe(
			'/register?redirectTo=%2Fitems%2F42&reason=loginRequired',
		);
		expect(withRedirect('/register', 'https://evil.example')).toBe('/register?redirectTo=%2F');
	});
});
