import { describe, expect, it } from 'vitest';
import { shouldShowProfileBanner } from './profile-banner';

const incomplete = { signedIn: true, loaded: true, isComplete: false } as const;

describe('shouldShowProfileBanner', () => {
	it('shows for a signed-in visitor whose loaded profile is incomplete', () => {
		expect(shouldShowProfileBanner('/items', incomplete)).toBe(true);
		expect(shouldShowProfileBanner('/en/items', incomplete)).toBe(true);
	});

	it('stays hidden on completion, login and register, in both languages', () => {
		for (const path of ['/complete-profile', '/login', '/en/register']) {
			expect(shouldShowProfileBanner(path, incomplete), path).toBe(false);
		}
	});

	it('stays hidden while signed out, while loading and once complete', () => {
		expect(shouldShowProfileBanner('/', { signedIn: false })).toBe(false);
		expect(shouldShowProfileBanner('/', { signedIn: true, loaded: false })).toBe(false);
		expect(shouldShowProfileBanner('/', { ...incomplete, isComplete: true })).toBe(false);
	});
});
