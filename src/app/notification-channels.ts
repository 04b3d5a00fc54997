import type { Channel } from '~/features/notifications/delivery/channels.server';
import type { AppContext } from './context';

/** The ways the site reaches people outside it, as the outbox sends through them. */
export function notificationChannels(_context: AppContext): Channel[] {
	return [];
}
