import { describe, expect, it } from 'vitest';
import { readServerConfig } from '~/server/config';
import { listeningAddresses, listeningMessage } from './listening';

const lan = () => ['localhost', '127.0.0.1', '[::1]', 'laptop', '192.168.1.5', '[fd00::2]'];
const origins = readServerConfig({ PORT: '4500' }, lan).origins;

describe('the addresses said at start-up', () => {
	it('names the machine’s other addresses when listening on all of them', () => {
		expect(listeningAddresses(origins, '::', 4500)).toEqual({
			local: 'http://localhost:4500',
			network: ['http://laptop:4500', 'http://192.168.1.5:4500', 'http://[fd00::2]:4500'],
		});
		// 0.0.0.0 is every IPv4 address, none of IPv6.
		expect(listeningAddresses(origins, '0.0.0.0', 4500).network).toEqual([
			'http://laptop:4500',
			'http://192.168.1.5:4500',
		]);
	});

	it('names this machine alone when listening on a loopback address', () => {
		for (const host of ['127.0.0.1', 'localhost', '::1']) {
			expect(listeningAddresses(origins, host, 4500)).toEqual({
				local: 'http://localhost:4500',
				network: [],
			});
		}
	});

	it('names the one address it listens on when given another', () => {
		expect(listeningAddresses(origins, '192.168.1.5', 4500)).toEqual({
			local: 'http://192.168.1.5:4500',
			network: [],
		});
		expect(listeningAddresses(origins, 'fd00::2', 4500).local).toBe('http://[fd00::2]:4500');
	});

	it('prints no network address with HOST=127.0.0.1', () => {
		const config = readServerConfig({ PORT: '4500' }, lan);
		expect(listeningMessage(config, '127.0.0.1', 4500)).toBe(
			'Hibahin is running on http://localhost:4500',
		);
		expect(listeningMessage(config, '0.0.0.0', 4500)).toBe(
			[
				'Hibahin is running on http://localhost:4500',
				'  on this network: http://laptop:4500, http://192.168.1.5:4500',
			].join('\n'),
		);
		expect(listeningMessage(config, '192.168.1.5', 4500)).toBe(
			'Hibahin is running on http://192.168.1.5:4500',
		);
	});

	it('says the public address when PUBLIC_URL names one', () => {
		const config = readServerConfig({ PUBLIC_URL: 'https://hibahin.id' }, lan);
		expect(listeningMessage(config, '127.0.0.1', 4321)).toBe(
			['Hibahin is running on http://localhost:4321', '  public address: https://hibahin.id'].join(
				'\n',
			),
		);
	});
});
