import { describe, expect, it } from 'vitest';
import { visitorAddress } from './visitor-address';

const request = (clientAddress: string | undefined, forwardedFor?: string) => ({
	clientAddress,
	headers: new Headers(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
});

describe('the visitor’s address', () => {
	it('is the connection’s when no proxy is trusted, whatever the request claims', () => {
		expect(visitorAddress(request('192.168.1.30', '10.9.9.9'), false)).toBe('192.168.1.30');
	});

	it('is the one the trusted proxy appended, not one the client wrote before it', () => {
		expect(visitorAddress(request('127.0.0.1', '1.2.3.4, 203.0.113.9'), true)).toBe('203.0.113.9');
		expect(visitorAddress(request('127.0.0.1', '203.0.113.9'), true)).toBe('203.0.113.9');
	});

	it('falls back to the connection when the proxy sent no address', () => {
		expect(visitorAddress(request('127.0.0.1'), true)).toBe('127.0.0.1');
		expect(visitorAddress(request(undefined), true)).toBe('local');
	});
});
