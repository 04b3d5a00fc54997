import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	type ApiCall,
	closeBrowserPage,
	dataAnswer,
	errorAnswer,
	installBrowserPage,
	observeQuery,
} from '../../../tests/helpers/browser-page';
import { isSignedOut, notificationsQuery } from './notifications.queries';
import type { NotificationList } from './notifications';

/** `/api/notifications` as the server answers it: versioned, with ETags and 304s. */
function notificationServer() {
	let unread = 1;
	let signedIn = true;
	return {
		answer(call: ApiCall) {
			if (!signedIn) return errorAnswer(401, 'UNAUTHORIZED', 'Silakan masuk dulu');
			const etag = `"n${unread}"`;
			if (call.ifNoneMatch === etag) return new Response(null, { status: 304 });
			return dataAnswer({ unread, notifications: [] } satisfies NotificationList, etag);
		},
		notify() {
			unread++;
		},
		signOut() {
			signedIn = false;
		},
	};
}

beforeEach(() => {
	vi.useFakeTimers();
});

afterEach(() => {
	closeBrowserPage();
	vi.useRealTimers();
});

describe('notificationsQuery', () => {
	it('reads the list at once, in the page’s language', async () => {
		const page = installBrowserPage(notificationServer().answer, 'en');
		const { observer } = observeQuery(notificationsQuery());
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toEqual([
			{ path: '/api/notifications', ifNoneMatch: null, language: 'en', cache: 'no-store' },
		]);
		expect(observer.getCurrentResult().data?.data.unread).toBe(1);
	});

	it('polls every 30 seconds with the ETag, keeping the same data while the server says 304', async () => {
		const server = notificationServer();
		const page = installBrowserPage(server.answer);
		const { seen } = observeQuery(notificationsQuery());
		await vi.advanceTimersByTimeAsync(29_999);
		expect(page.calls).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(1);
		expect(page.calls[1]?.ifNoneMatch).toBe('"n1"');
		expect(seen).toHaveLength(1);

		server.notify();
		await vi.advanceTimersByTimeAsync(30_000);
		expect(seen.map((entry) => entry.data.unread)).toEqual([1, 2]);
	});

	it('pauses while the tab is hidden and reads again when it is shown', async () => {
		const page = installBrowserPage(notificationServer().answer);
		observeQuery(notificationsQuery());
		await vi.advanceTimersByTimeAsync(0);
		page.setVisible(false);
		await vi.advanceTimersByTimeAsync(120_000);
		expect(page.calls).toHaveLength(1);
		page.setVisible(true);
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toHaveLength(2);
	});

	it('stops asking once the visitor turns out to be signed out', async () => {
		const server = notificationServer();
		const page = installBrowserPage(server.answer);
		const { observer } = observeQuery(notificationsQuery());
		await vi.advanceTimersByTimeAsync(0);
		server.signOut();
		await vi.advanceTimersByTimeAsync(30_000);
		expect(isSignedOut(observer.getCurrentResult().error)).toBe(true);
		const asked = page.calls.length;
		await vi.advanceTimersByTimeAsync(90_000);
		page.focus();
		await vi.advanceTimersByTimeAsync(0);
		expect(page.calls).toHaveLength(asked);
	});

	it('keeps the list through a failed poll, and the next poll asks again', async () => {
		let failing = false;
		const server = notificationServer();
		const page = installBrowserPage((call) =>
			failing ? errorAnswer(500, 'INTERNAL') : server.answer(call),
		);
		const { observer } = observeQuery(notificationsQuery());
		await vi.advanceTimersByTimeAsync(0);
		failing = true;
		await vi.advanceTimersByTimeAsync(30_000);
		expect(observer.getCurrentResult()).toMatchObject({ isError: true, data: { etag: '"n1"' } });
		expect(isSignedOut(observer.getCurrentResult().error)).toBe(false);
		failing = false;
		await vi.advanceTimersByTimeAsync(30_000);
		expect(page.calls).toHaveLength(3);
		expect(observer.getCurrentResult().isError).toBe(false);
	});
});
