import { describe, expect, it, vi } from 'vitest';
import { devMailbox, isLoopback, mailboxFor } from './dev-mailbox';

const message = { to: 'ani@example.com', subject: 'Tautan', text: 'http://x/1', html: '' };

describe('the development mailbox', () => {
	it('writes every message to the log and keeps the latest fifty, newest first', async () => {
		const log = vi.fn();
		const mailbox = devMailbox(log);
		for (let number = 1; number <= 55; number++) {
			await mailbox.send({ ...message, subject: `Pesan ${number}` });
		}
		expect(log).toHaveBeenCalledTimes(55);
		expect(log).toHaveBeenLastCalledWith(expect.stringContaining('http://x/1'));
		expect(mailbox.recent().map((held) => held.subject)).toEqual(
			Array.from({ length: 50 }, (_, index) => `Pesan ${55 - index}`),
		);
	});

	it('keeps and logs a message’s header fields', async () => {
		const log = vi.fn();
		const mailbox = devMailbox(log);
		const headers = { 'Content-Language': 'en', 'List-Unsubscribe': '<http://x/unsubscribe/t>' };
		await mailbox.send({ ...message, headers });
		expect(mailbox.recent()[0]!.headers).toEqual(headers);
		expect(log).toHaveBeenCalledWith(
			expect.stringContaining('Content-Language: en\nList-Unsubscribe: <http://x/unsubscribe/t>\n'),
		);
	});

	describe('is open only to a browser on the server itself, on a local site without SMTP', () => {
		const mailbox = devMailbox(() => {});
		const local = { devMailbox: mailbox, config: { publicUrl: 'http://localhost:4321' } };
		const visit = (clientAddress: string | undefined, headers: Record<string, string> = {}) => ({
			clientAddress,
			headers: new Headers(headers),
		});

		it('opens for a loopback connection, IPv4 or IPv6', () => {
			for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.1.2.3']) {
				expect(mailboxFor(local, visit(address)), address).toBe(mailbox);
			}
			for (const publicUrl of [
				'http://127.0.0.1:5300',
				'http://[::1]:4321',
				'http://app.localhost',
			]) {
				expect(mailboxFor({ ...local, config: { publicUrl } }, visit('127.0.0.1'))).toBe(mailbox);
			}
		});

		it('stays shut when mail goes to an SMTP server', () => {
			expect(mailboxFor({ ...local, devMailbox: null }, visit('127.0.0.1'))).toBeNull();
		});

		it('stays shut on a site with an https or a non-local public address', () => {
			for (const publicUrl of [
				'https://localhost:4321',
				'https://hibahin.id',
				'http://hibahin.id',
				'http://192.168.1.20:4321',
			]) {
				expect(
					mailboxFor({ ...local, config: { publicUrl } }, visit('127.0.0.1')),
					publicUrl,
				).toBeNull();
			}
		});

		it('stays shut for a visitor on another machine', () => {
			for (const address of [
				'192.168.1.30',
				'10.0.0.2',
				'::ffff:192.168.1.30',
				'fe80::1',
				undefined,
			]) {
				expect(mailboxFor(local, visit(address)), String(address)).toBeNull();
			}
		});

		it('stays shut for a request a proxy forwarded from another machine', () => {
			for (const headers of [
				{ 'X-Forwarded-For': '203.0.113.9' },
				{ 'X-Forwarded-For': '127.0.0.1, 203.0.113.9' },
				{ 'X-Real-IP': '203.0.113.9' },
				{ Forwarded: 'for=203.0.113.9;proto=https' },
				{ Forwarded: 'for="[2001:db8::7]:4711"' },
			]) {
				expect(mailboxFor(local, visit('127.0.0.1', headers)), JSON.stringify(headers)).toBeNull();
			}
			expect(mailboxFor(local, visit('127.0.0.1', { 'X-Forwarded-For': '127.0.0.1' }))).toBe(
				mailbox,
			);
			expect(mailboxFor(local, visit('127.0.0.1', { Forwarded: 'for="[::1]:5000"' }))).toBe(
				mailbox,
			);
		});
	});

	it('knows the loopback addresses', () => {
		expect(
			['127.0.0.1', '::1', '[::1]', '127.0.0.1:8080', '::ffff:127.0.0.1'].every(isLoopback),
		).toBe(true);
		expect(['128.0.0.1', '1270.0.0.1', 'localhost', '', '::2', '0.0.0.0'].some(isLoopback)).toBe(
			false,
		);
	});
});
