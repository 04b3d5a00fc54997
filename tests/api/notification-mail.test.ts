import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Delivery } from '~/features/notifications/delivery/channels.server';
import { emailChannel } from '~/features/notifications/mail/email-channel.server';
import { answerUnsubscribe } from '~/features/notifications/mail/unsubscribe.server';
import { notificationSettingsOf } from '~/features/notifications/notification-settings.server';
import { eventKindOf, type NotificationKind } from '~/features/notifications/notifications';
import type { Locale } from '~/lib/i18n/locales';
import { users } from '~/server/db/schema';
import { mailFailed, mailSent } from '~/server/metrics';
import { type ReceivedMail, startSmtpPeer } from '../helpers/smtp-peer';
import { describeOnDatabases, type TestServer, testOrigin } from '../helpers/test-server';

let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
beforeAll(async () => {
	peer = await startSmtpPeer();
});
afterAll(() => peer.close());

let outboxIds = 1000;

/** A delivery as the outbox hands it over; `kind` and `language` say what it is. */
function delivery(
	userId: string,
	kind: NotificationKind,
	text: string,
	options: { language?: Locale; path?: string; digest?: boolean } = {},
): Delivery {
	outboxIds += 1;
	return {
		outboxId: outboxIds,
		notificationId: outboxIds,
		userId,
		kind,
		eventKind: eventKindOf(kind),
		language: options.language ?? 'id',
		text,
		path: options.path ?? '/my-requests',
		digest: options.digest ?? false,
		attempts: 0,
		deliveredTo: [],
		createdAt: new Date(),
	};
}

/** A person with an address, confirmed unless said otherwise. */
async function person(
	use: () => TestServer,
	address: { email?: string | null; verified?: boolean } = {},
): Promise<{ id: string; email: string | null }> {
	const { id } = await use().createUser({ complete: true });
	const email = address.email === undefined ? `warga.${id.slice(0, 8)}@example.com` : address.email;
	await use()
		.server.db.update(users)
		.set({ email, emailVerified: address.verified ?? true })
		.where(eq(users.id, id));
	return { id, email };
}

function channelOf(use: () => TestServer) {
	const { server } = use();
	return emailChannel({ db: server.db, mailer: server.mailer, config: server.config });
}

function mailTo(email: string | null): ReceivedMail[] {
	return peer.received.filter(({ to }) => to.includes(email ?? ''));
}

/** A header as it was written (mailparser reads `List-*` headers into objects of its own). */
function header(received: ReceivedMail, name: string): string | undefined {
	const line = received.mail.headerLines.find(({ key }) => key === name.toLowerCase())?.line;
	return line?.slice(line.indexOf(':') + 1).trim();
}

async function counted() {
	const sent = await mailSent.get();
	const failed = await mailFailed.get();
	const of = (kind: string) => sent.values.find((value) => value.labels.kind === kind)?.value ?? 0;
	return { single: of('single'), digest: of('digest'), failed: failed.values[0]?.value ?? 0 };
}

describeOnDatabases(
	'notification mail',
	(use) => {
		beforeEach(() => {
			peer.received.length = 0;
		});

		it('writes to an Indonesian reader in Indonesian, with the unsubscribe headers', async () => {
			const ani = await person(use);
			const entry = delivery(ani.id, 'requestCreated', 'Budi meminta 1 Kursi <lipat>.', {
				path: '/my-items/7',
			});
			expect(await channelOf(use).deliver([entry])).toEqual([{ outcome: 'sent' }]);

			const [received] = mailTo(ani.email);
			expect(mailTo(ani.email)).toHaveLength(1);
			const { mail } = received!;
			expect(mail.subject).toBe('Budi meminta 1 Kursi <lipat>.');
			expect(mail.html).toContain('<html lang="id">');
			expect(mail.html).toContain('Budi meminta 1 Kursi &lt;lipat&gt;.');
			expect(mail.html).toContain(`href="${testOrigin}/my-items/7"`);
			expect(mail.html).toContain(`href="${testOrigin}/settings/notifications"`);
			expect(mail.text).toContain('Budi meminta 1 Kursi <lipat>.');
			expect(mail.text).toContain(`Buka di Hibahin: ${testOrigin}/my-items/7`);
			expect(mail.text).toContain('email tentang permintaan untuk barangmu aktif');
			expect(mail.text).toContain(`Atur notifikasi: ${testOrigin}/settings/notifications`);

			expect(header(received!, 'Content-Language')).toBe('id');
			expect(header(received!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
			const unsubscribe = String(header(received!, 'List-Unsubscribe'));
			expect(unsubscribe).toMatch(new RegExp(`^<${testOrigin}/unsubscribe/[\\w-]+>$`));
			expect(mail.text).toContain(`Berhenti menerima email ini: ${unsubscribe.slice(1, -1)}`);
			expect(mail.html).toContain(`href="${unsubscribe.slice(1, -1)}"`);
			expect(mail.messageId).toBe(`<notification-${entry.outboxId}@localhost>`);
		});

		it('writes to an English reader in English, every link under /en', async () => {
			const ben = await person(use);
			const entry = delivery(ben.id, 'orderShipped', 'Chair is with the courier.', {
				language: 'en',
				path: '/my-requests',
			});
			await channelOf(use).deliver([entry]);

			const [received] = mailTo(ben.email);
			const { mail } = received!;
			expect(mail.subject).toBe('Chair is with the courier.');
			expect(mail.html).toContain('<html lang="en">');
			expect(mail.html).toContain(`href="${testOrigin}/en/my-requests"`);
			expect(mail.text).toContain(`Open in Hibahin: ${testOrigin}/en/my-requests`);
			expect(mail.text).toContain('email about courier deliveries is on');
			expect(mail.text).toContain(`Notification settings: ${testOrigin}/en/settings/notifications`);
			expect(header(received!, 'Content-Language')).toBe('en');
			expect(String(header(received!, 'List-Unsubscribe'))).toMatch(
				new RegExp(`^<${testOrigin}/en/unsubscribe/[\\w-]+>$`),
			);
		});

		it('puts a person’s saved-search matches in one digest, beside their other mail', async () => {
			const citra = await person(use);
			const dewi = await person(use);
			const before = await counted();
			const entries = [
				delivery(citra.id, 'savedSearchMatch', 'Barang baru: Meja belajar.', {
					digest: true,
					path: '/items/11',
				}),
				delivery(dewi.id, 'savedSearchMatch', 'Barang baru: Rak buku.', {
					digest: true,
					path: '/items/12',
				}),
				delivery(citra.id, 'requestReserved', 'Kursi disisihkan untukmu.'),
				delivery(citra.id, 'savedSearchMatch', 'Barang baru: Lampu meja.', {
					digest: true,
					path: '/items/13',
				}),
			];
			const results = await channelOf(use).deliver(entries);
			expect(results).toEqual(entries.map(() => ({ outcome: 'sent' })));

			const toCitra = mailTo(citra.email);
			expect(toCitra.map(({ mail }) => mail.subject).sort()).toEqual([
				'2 barang baru untuk pencarian tersimpanmu',
				'Kursi disisihkan untukmu.',
			]);
			const digest = toCitra.find(({ mail }) => mail.subject!.startsWith('2 barang'))!.mail;
			expect(digest.text).toContain(`- Barang baru: Meja belajar.\n  ${testOrigin}/items/11`);
			expect(digest.text).toContain(`- Barang baru: Lampu meja.\n  ${testOrigin}/items/13`);
			expect(digest.text).not.toContain('Rak buku');
			expect(digest.html).toContain(`href="${testOrigin}/items/13"`);
			expect(digest.messageId).toBe(`<notification-${entries[0]!.outboxId}@localhost>`);
			expect(mailTo(dewi.email).map(({ mail }) => mail.subject)).toEqual([
				'1 barang baru untuk pencarian tersimpanmu',
			]);
			const after = await counted();
			expect(after.digest - before.digest).toBe(2);
			expect(after.single - before.single).toBe(1);
		});

		it('skips people without a confirmed address and mails nobody for them', async () => {
			const unconfirmed = await person(use, { verified: false });
			const without = await person(use, { email: null, verified: true });
			const confirmed = await person(use);
			const results = await channelOf(use).deliver([
				delivery(unconfirmed.id, 'requestDeclined', 'Permintaanmu ditolak.'),
				delivery(without.id, 'savedSearchMatch', 'Barang baru: Meja.', { digest: true }),
				delivery(confirmed.id, 'requestDeclined', 'Permintaanmu ditolak.'),
			]);
			expect(results).toEqual([
				{ outcome: 'skipped' },
				{ outcome: 'skipped' },
				{ outcome: 'sent' },
			]);
			expect(peer.received.map(({ to }) => to)).toEqual([[confirmed.email]]);
		});

		it('tries again later what the mail server refused, as the same message', async () => {
			const busy = await person(use, { email: `refused.${randomUUID().slice(0, 8)}@example.com` });
			const fine = await person(use);
			const before = await counted();
			const refused = delivery(busy.id, 'handedOver', 'Kursi sudah diserahkan.');
			const results = await channelOf(use).deliver([
				refused,
				delivery(busy.id, 'savedSearchMatch', 'Barang baru: Meja.', { digest: true }),
				delivery(fine.id, 'handedOver', 'Kursi sudah diserahkan.'),
			]);
			expect(results).toEqual([{ outcome: 'retry' }, { outcome: 'retry' }, { outcome: 'sent' }]);
			expect((await counted()).failed - before.failed).toBe(2);

			// Sent again, it is the same message to a mail client: the same Message-ID.
			await person(use);
			await use()
				.server.db.update(users)
				.set({ email: `again.${busy.id.slice(0, 8)}@example.com` })
				.where(eq(users.id, busy.id));
			await channelOf(use).deliver([{ ...refused, attempts: 1 }]);
			const [again] = mailTo(`again.${busy.id.slice(0, 8)}@example.com`);
			expect(again!.mail.messageId).toBe(`<notification-${refused.outboxId}@localhost>`);
		});

		it('stops that kind of mail when the mail client posts to the List-Unsubscribe link', async () => {
			const eko = await person(use);
			await channelOf(use).deliver([delivery(eko.id, 'orderPaid', 'Ongkir sudah dibayar.')]);
			const link = String(header(mailTo(eko.email)[0]!, 'List-Unsubscribe')).slice(1, -1);
			const token = new URL(link).pathname.split('/').at(-1)!;
			const form = new FormData();
			form.set('List-Unsubscribe', 'One-Click');

			expect(await answerUnsubscribe(use().server.db, { method: 'POST', token, form })).toEqual({
				status: 200,
				view: 'oneClick',
				eventKind: 'orders',
			});
			const settings = await notificationSettingsOf(use().server.db, eko.id);
			expect(settings.channels.orders).toEqual({ push: true, email: false });
			expect(settings.channels.reservations).toEqual({ push: true, email: true });
		});
	},
	{ env: () => ({ SMTP_URL: peer.url }) },
);
