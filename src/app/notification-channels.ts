import type { Channel } from '~/features/notifications/delivery/channels.server';
import { pushChannel } from '~/features/notifications/push/push-channel.server';
import type { AppContext } from './context';

/** The ways the site reaches people outside it, as the outbox sends through them. */
export function notificationChannels(context: AppContext): Channel[] {
	return [pushChannel({ db: context.db, vapidDetails: context.vapidDetails })];
}
