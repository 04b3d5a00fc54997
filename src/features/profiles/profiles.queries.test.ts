import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	closeBrowserPage,
	dataAnswer,
	errorAnswer,
	installBrowserPage,
	observeQuery,
} from '../../../tests/helpers/browser-page';
import type { ProfileCheck } from './profiles';
import { profileCheckQuery } from './profiles.queries';

const check: ProfileCheck = {
	isComplete: true,
	createdAt: '2026-01-05T00:00:00.000Z',
	userId: 'user-1',
	profile: {
		name: 'Siti Rahma',
		phone: '+6281234567890',
		address: 'Jl. Melati No. 5, RT 02/RW 03',
		areaId: '31.74.07',
		areaName: 'Kebayoran Baru',
		imageUrl: null,
		email: 'siti@example.com',
		bio: null,
	},
};

beforeEach(() => {
	vi.useFakeTimers();
});

afterEach(() => {
	closeBrowserPage();
	vi.useRealTimers();
});

/** A signed-in visitor's page observing the profile check, as `useProfileCheck` does. */
const observeProfileCheck = () => observeQuery(profileCheckQuery()).observer;

describe('profileCheckQuery', () => {
	it('tries 3 times in all, waiting 1 s before the first retry and 2 s before the second', async () => {
		const page = installBrowserPage(() => errorAnswer(503, 'INTERNAL'));
		const observer = observeProfileCheck();
		await vi.advanceTimersByTimeAsync(999);
		expect(page.calls).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(1);
		expect(page.calls).toHaveLength(2);
		await vi.advanceTimersByTimeAsync(1999);
		expect(page.calls).toHaveLength(2);
		await vi.advanceTimersByTimeAsync(1);
		expect(page.calls).toHaveLength(3);
		await vi.advanceTimersByTimeAsync(60_000);
		expect(page.calls).toHaveLength(3);
		expect(observer.getCurrentResult().status).toBe('error');
		expect(page.calls[0]?.path).toBe('/api/profile/check');
	});

	it('stops at once on 401, since the visitor is signed out', async () => {
		const page = installBrowserPage(() => errorAnswer(401, 'UNAUTHORIZED'));
		const observer = observeProfileCheck();
		await vi.advanceTimersByTimeAsync(60_000);
		expect(page.calls).toHaveLength(1);
		expect(observer.getCurrentResult().status).toBe('error');
	});

	it('shows the check after a failure followed by a success', async () => {
		let failures = 1;
		installBrowserPage(() => (failures-- > 0 ? errorAnswer(500, 'INTERNAL') : dataAnswer(check)));
		const observer = observeProfileCheck();
		await vi.advanceTimersByTimeAsync(1000);
		expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: check });
	});

	it('stays fresh for 5 minutes: window focus asks again only after that', async () => {
		const page = installBrowserPage(() => dataAnswer(check));
		observeProfileCheck();
		await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
		page.focus();
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(1);
		page.focus();
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toHaveLength(2);
	});
});
