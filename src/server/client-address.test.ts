import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

const forwarded = (value: string) => new Headers({ 'X-Forwarded-For': value });
const behind = (hops: number) => ({ trustProxy: true, trustProxyHops: hops });
const direct = { trustProxy: false, trustProxyHops: 1 };

describe('the visitor’s address', () => {
	it('is the connection’s own address when no proxy is trusted, whatever the headers say', () => {
		expect(clientAddress(forwarded('198.51.100.7'), '203.0.113.9', direct)).toBe('203.0.113.9');
	});

	it('is the entry the proxy appended, not the one the visitor put first', () => {
		const headers = forwarded('198.51.100.7, 10.0.0.1, 203.0.113.9');
		expect(clientAddress(headers, '127.0.0.1', behind(1))).toBe('203.0.113.9');
	});

	it('counts TRUST_PROXY_HOPS entries from the right when proxies stand in a row', () => {
		const headers = forwarded('198.51.100.7, 203.0.113.9, 10.0.0.2');
		expect(clientAddress(headers, '10.0.0.3', behind(2))).toBe('203.0.113.9');
		expect(clientAddress(headers, '10.0.0.3', behind(3))).toBe('198.51.100.7');
	});

	it('is the first entry when there are fewer entries than proxies', () => {
		expect(clientAddress(forwarded('203.0.113.9'), '10.0.0.3', behind(2))).toBe('203.0.113.9');
	});

	it('reads repeated headers as one list and skips empty entries', () => {
		const headers = new Headers([
			['X-Forwarded-For', '198.51.100.7'],
			['X-Forwarded-For', '203.0.113.9,  '],
		]);
		expect(clientAddress(headers, '127.0.0.1', behind(1))).toBe('203.0.113.9');
	});

	it('falls back to the connection when a trusted proxy sent no X-Forwarded-For', () => {
		expect(clientAddress(new Headers(), '203.0.113.9', behind(1))).toBe('203.0.113.9');
		expect(clientAddress(new Headers(), undefined, behind(1))).toBeUndefined();
	});
});
