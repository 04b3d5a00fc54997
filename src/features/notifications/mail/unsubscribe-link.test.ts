import { describe, expect, it } from 'vitest';
import { isUnsubscribePost, unsubscribeUrl } from './unsubscribe-link';

describe('unsubscribe links', () => {
	it('point to the page in the reader’s language on the public origin', () => {
		expect(unsubscribeUrl('https://hibahin.id', 'id', 'abc_-1')).toBe(
			'https://hibahin.id/unsubscribe/abc_-1',
		);
		expect(unsubscribeUrl('https://hibahin.id/', 'en', 'abc')).toBe(
			'https://hibahin.id/en/unsubscribe/abc',
		);
	});

	it.each([
		['POST', '/unsubscribe/abc_-1', true],
		['POST', '/en/unsubscribe/abc', true],
		['POST', '/unsubscribe/abc/', true],
		['GET', '/unsubscribe/abc', false],
		['POST', '/unsubscribe/', false],
		['POST', '/unsubscribe/abc/more', false],
		['POST', '/id/unsubscribe/abc', false],
		['POST', '/settings/unsubscribe/abc', false],
		['POST', '/unsubscribe/a.b', false],
		['PUT', '/unsubscribe/abc', false],
	])('lets %s %s past the page origin check: %s', (method, path, expected) => {
		expect(isUnsubscribePost(method, path)).toBe(expected);
	});
});
