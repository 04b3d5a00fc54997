import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileCheck } from './profiles';

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

const json = (status: number, body: unknown) =>
	new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const failure = (status: number, code: string) => () =>
	json(status, { error: { code, message: '' } });
const success = () => json(200, { data: check });

let fetchMock: ReturnType<typeof vi.fn>;

/** A fresh copy of the module, so each test starts with an empty store. */
const load = () => import('./profile-check');

beforeEach(() => {
	vi.useFakeTimers();
	vi.resetModules();
	fetchMock = vi.fn();
	vi.stubGlobal('fetch', fetchMock);
	vi.stubGlobal('document', { documentElement: { lang: 'id' } });
	vi.stubGlobal('window', new EventTarget());
});

afterEach(() => {
	vi.useRealTimers();
	vi.unstubAllGlobals();
});

describe('loadProfileCheck', () => {
	it('retries twice, then gives up with an error (3 attempts in all)', async () => {
		fetchMock.mockImplementation(failure(500, 'INTERNAL'));
		const { $profileCheck, loadProfileCheck } = await load();
		const done = loadProfileCheck({ signedIn: true });
		await vi.advanceTimersByTimeAsync(60_000);
		await done;
		expect(fetchMock).toHaveBeenCalledTimes(3);
		expect($profileCheck.get().status).toBe('error');
	});

	it('waits 1 s before the first retry and 2 s before the second', async () => {
		fetchMock.mockImplementation(failure(503, 'INTERNAL'));
		const { loadProfileCheck } = await load();
		void loadProfileCheck({ signedIn: true });
		await vi.advanceTimersByTimeAsync(999);
		expect(fetchMock).toHaveBeenCalledTimes(1);
		await vi.advanceTimersByTimeAsync(1);
		expect(fetchMock).toHaveBeenCalledTimes(2);
		await vi.advanceTimersByTimeAsync(1999);
		expect(fetchMock).toHaveBeenCalledTimes(2);
		await vi.advanceTimersByTimeAsync(1);
		expect(fetchMock).toHaveBeenCalledTimes(3);
	});

	it('stops at once on 401, since the visitor is signed out', async () => {
		fetchMock.mockImplementation(failure(401, 'UNAUTHORIZED'));
		const { $profileCheck, loadProfileCheck } = await load();
		await loadProfileCheck({ signedIn: true });
		await vi.advanceTimersByTimeAsync(60_000);
		expect(fetchMock).toHaveBeenCalledTimes(1);
		expect($profileCheck.get().status).toBe('error');
	});

	it('shows the data after a failure followed by a success', async () => {
		fetchMock.mockImplementationOnce(failure(500, 'INTERNAL')).mockImplementation(success);
		const { $profileCheck, loadProfileCheck } = await load();
		const done = loadProfileCheck({ signedIn: true });
		await vi.advanceTimersByTimeAsync(1000);
		await done;
		expect($profileCheck.get()).toEqual({ status: 'success', data: check });
	});

	it('does not ask again within 5 minutes, and does once they have passed', async () => {
		fetchMock.mockImplementation(success);
		const { loadProfileCheck } = await load();
		await loadProfileCheck({ signedIn: true });
		await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
		await loadProfileCheck({ signedIn: true });
		expect(fetchMock).toHaveBeenCalledTimes(1);
		await vi.advanceTimersByTimeAsync(1);
		await loadProfileCheck({ signedIn: true });
		expect(fetchMock).toHaveBeenCalledTimes(2);
	});

	it('refetches on window focus only when stale', async () => {
		fetchMock.mockImplementation(success);
		const { loadProfileCheck } = await load();
		await loadProfileCheck({ signedIn: true });
		window.dispatchEvent(new Event('focus'));
		expect(fetchMock).toHaveBeenCalledTimes(1);
		await vi.advanceTimersByTimeAsync(5 * 60_000);
		window.dispatchEvent(new Event('focus'));
		expect(fetchMock).toHaveBeenCalledTimes(2);
	});

	it('asks nothing for a signed-out visitor', async () => {
		const { $profileCheck, loadProfileCheck } = await load();
		await loadProfileCheck({ signedIn: false });
		expect(fetchMock).not.toHaveBeenCalled();
		expect($profileCheck.get().status).toBe('idle');
	});

	it('counts a saved profile as fresh', async () => {
		const { $profileCheck, loadProfileCheck, setProfileCheck } = await load();
		setProfileCheck(check);
		await loadProfileCheck({ signedIn: true });
		expect(fetchMock).not.toHaveBeenCalled();
		expect($profileCheck.get().data).toEqual(check);
	});
});
