import { inArray } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { users } from '~/server/db/schema';
import type { Mailer, MailMessage } from '~/server/mail/mailer';
import { log } from '~/server/log';
import { mailFailed, mailSent } from '~/server/metrics';
import type { Channel, Delivery, DeliveryResult } from '../delivery/channels.server';
import { digestMail, type MailRecipient, notificationMail } from './notification-mail.server';
import { unsubscribeKey } from './unsubscribe.server';
import { unsubscribeToken } from './unsubscribe-token.server';

export interface EmailChannelDeps {
	db: Database;
	mailer: Mailer;
	config: { publicUrl: string };
}

/** One mail to send and the deliveries it carries, which all share its result. */
interface Envelope {
	kind: 'single' | 'digest';
	message: MailMessage;
	indexes: number[];
}

/** The verified addresses of `userIds`; someone without one is missing from the map. */
async function verifiedAddresses(db: Database, userIds: string[]): Promise<Map<string, string>> {
	const rows = await db
		.select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
		.from(users)
		.where(inArray(users.id, userIds));
	return new Map(
		rows.flatMap((row) => (row.email && row.emailVerified ? [[row.id, row.email] as const] : [])),
	);
}

/**
 * The email channel: each notification its own mail, and a person's digest entries (the day's
 * saved-search matches) one mail together. Only verified addresses are written to; someone
 * without one is skipped. A mail the server does not take is tried again later.
 */
export function emailChannel(deps: EmailChannelDeps): Channel {
	let key: Promise<Buffer> | undefined;
	return {
		name: 'email',
		async deliver(deliveries: Delivery[]): Promise<DeliveryResult[]> {
			const results: DeliveryResult[] = deliveries.map(() => ({ outcome: 'skipped' }));
			if (deliveries.length === 0) return results;
			const addresses = await verifiedAddresses(deps.db, [
				...new Set(deliveries.map((delivery) => delivery.userId)),
			]);
			key ??= unsubscribeKey(deps.db);
			const signingKey = await key;
			const recipient = (delivery: Delivery): MailRecipient | null => {
				const email = addresses.get(delivery.userId);
				if (!email) return null;
				const token = unsubscribeToken(signingKey, delivery);
				return { email, unsubscribeToken: token };
			};

			const envelopes: Envelope[] = [];
			const digests = new Map<string, number[]>();
			for (const [index, delivery] of deliveries.entries()) {
				const to = recipient(delivery);
				if (!to) continue;
				if (delivery.digest) {
					digests.set(delivery.userId, [...(digests.get(delivery.userId) ?? []), index]);
				} else {
					const message = notificationMail(deps.config.publicUrl, delivery, to);
					envelopes.push({ kind: 'single', message, indexes: [index] });
				}
			}
			for (const indexes of digests.values()) {
				const entries = indexes.map((index) => deliveries[index]!);
				const [first, ...rest] = entries;
				const message = digestMail(deps.config.publicUrl, [first!, ...rest], recipient(first!)!);
				envelopes.push({ kind: 'digest', message, indexes });
			}

			for (const envelope of envelopes) {
				const result = await send(deps.mailer, envelope);
				for (const index of envelope.indexes) results[index] = result;
			}
			return results;
		},
	};
}

async function send(mailer: Mailer, envelope: Envelope): Promise<DeliveryResult> {
	try {
		await mailer.send(envelope.message);
		mailSent.inc({ kind: envelope.kind });
		return { outcome: 'sent' };
	} catch (error) {
		mailFailed.inc();
		log.warn({ err: error }, 'mail: the mail server did not take a notification');
		return { outcome: 'retry' };
	}
}
