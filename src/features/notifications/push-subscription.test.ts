import { describe, expect, it } from 'vitest';
import { base64UrlBytes, type PushFacts, pushStateOf } from './push-subscription';

const facts = (change: Partial<PushFacts>): PushFacts => ({
	supported: true,
	permission: 'default',
	serviceWorker: true,
	subscribed: false,
	...change,
});

describe('push on this device', () => {
	it.each([
		['a browser without the Push API', { supported: false }, 'unsupported'],
		[
			'a browser without push, even if blocked',
			{ supported: false, permission: 'denied' },
			'unsupported',
		],
		['notifications blocked', { permission: 'denied' }, 'blocked'],
		[
			'notifications blocked, no service worker',
			{ permission: 'denied', serviceWorker: false },
			'blocked',
		],
		['no service worker in time', { serviceWorker: false }, 'unsupported'],
		['never asked', {}, 'off'],
		['allowed but not subscribed', { permission: 'granted' }, 'off'],
		['subscribed with permission', { permission: 'granted', subscribed: true }, 'on'],
		['a subscription left after the permission was reset', { subscribed: true }, 'off'],
	] as const)('reads %s as %s', (_, change, state) => {
		expect(pushStateOf(facts(change))).toBe(state);
	});

	it('reads a base64url key into its bytes, padding or not', () => {
		expect([...base64UrlBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
		expect([...base64UrlBytes('AQID_-8=')]).toEqual([1, 2, 3, 255, 239]);
		expect(base64UrlBytes('B'.padEnd(87, 'A')).length).toBe(65);
	});
});
