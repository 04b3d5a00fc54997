import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import AuditLogLine from './AuditLogLine.astro';
import type { AuditEntry } from './audit-log.server';

const hidden: AuditEntry = {
	id: 7,
	action: 'hideItem',
	targetKey: 'item:5',
	target: { kind: 'item', id: 5, name: 'Kursi rotan' },
	reason: 'askingMoney',
	note: null,
	until: null,
	createdAt: '2026-11-20T03:00:00.000Z',
	moderator: { id: 'mod-1', name: 'Siti' },
};
const warned: AuditEntry = {
	...hidden,
	action: 'warnUser',
	targetKey: 'user:af8db92b-1',
	target: { kind: 'user', id: 'af8db92b-1', name: 'Budi Santoso' },
	reason: 'spam',
};

/** The line as the desk renders it: its text, tags removed, and its links. */
async function line(action: AuditEntry, locale: 'id' | 'en') {
	const container = await AstroContainer.create();
	const html = await container.renderToString(AuditLogLine, { props: { action, locale } });
	return {
		text: html
			.replace(/<[^>]*>/g, '')
			.replace(/\s+/g, ' ')
			.trim(),
		links: [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, text]) => [
			href,
			text,
		]),
	};
}

describe('a line of the desk’s audit log', () => {
	it('names the item and the person acted on, linked to their pages, not their ids', async () => {
		const item = await line(hidden, 'en');
		expect(item.links).toEqual([['/en/items/5', 'Kursi rotan']]);
		expect(item.text).toMatch(/^Siti: Hide item · Kursi rotan · .+ · asking for money$/i);
		const person = await line(warned, 'id');
		expect(person.links).toEqual([['/profile/af8db92b-1', 'Budi Santoso']]);
		expect(person.text).not.toContain('user:');
	});

	it('says a deleted item or account in words, without a link', async () => {
		const item = await line({ ...hidden, target: { kind: 'item', id: 5, name: null } }, 'id');
		expect(item.links).toEqual([]);
		expect(item.text).toContain(' · Barang terhapus · ');
		const person = await line(
			{ ...warned, target: { kind: 'user', id: 'af8db92b-1', name: null } },
			'en',
		);
		expect(person.links).toEqual([]);
		expect(person.text).toContain(' · Deleted account · ');
		expect(person.text).not.toContain('af8db92b');
	});

	it('links a drive acted on to its page, and says a deleted one in words', async () => {
		const drive: AuditEntry = {
			...hidden,
			action: 'hideDrive',
			targetKey: 'drive:3',
			target: { kind: 'drive', id: 3, name: 'Seragam untuk anak panti' },
			reason: 'scam',
		};
		const shown = await line(drive, 'en');
		expect(shown.links).toEqual([['/en/drives/3', 'Seragam untuk anak panti']]);
		expect(shown.text).toMatch(/^Siti: Hide drive · Seragam untuk anak panti · /);
		const deleted = await line({ ...drive, target: { kind: 'drive', id: 3, name: null } }, 'id');
		expect(deleted.links).toEqual([]);
		expect(deleted.text).toContain(' · Penggalangan terhapus · ');
	});
});
