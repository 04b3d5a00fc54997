import type { Channel } from '~/features/notifications/delivery/channels.server';
import { emailChannel } from '~/features/notifications/mail/email-channel.server';
import { pushChannel } from '~/features/notifications/push/push-channel.server';
import type { AppContext } from './context';

/** The ways the site reaches people outside it, as the outbox sends through them. */
export function notificationChannels(context: AppContext): Channel[] {
	return [
		pushChannel({ db: context.db, vapidDetails: context.vapidDetails }),
		emailChannel({ db: context.db, mailer: context.mailer, config: context.config }),
	];
}
