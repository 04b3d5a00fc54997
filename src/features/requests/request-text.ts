/**
 * How a request reads to its receiver, in their language: the sentence its state calls for and
 * the badge that names it. Needs the `myRequests` and `requests` namespaces.
 */
import type { TFunction } from 'i18next';
import { formatDate } from '~/lib/format';
import { formatTime } from '~/lib/format-time';
import type { Locale } from '~/lib/i18n/locales';
import { type ReceiverStatus, receiverStatus } from './receiver';
import type { ItemRequest } from './requests';

/** The sentence that tells the receiver where their request stands. */
export function statusSentence(request: ItemRequest, t: TFunction, locale: Locale): string {
	const status = receiverStatus(request);
	switch (status.key) {
		case 'reserved':
			return t('myRequests.status.reserved', {
				count: status.count,
				date: formatDate(status.until, locale),
				time: formatTime(status.until, locale),
			});
		case 'declinedWithReason':
		case 'closed':
			return t(`myRequests.status.${status.key}`, {
				reason: t(`requests.declineReasons.${status.reason}`),
			});
		case 'declined':
		case 'withdrawn':
		case 'donorNoShow':
		case 'expired':
		case 'paymentCancelled':
		case 'paymentFailed':
		case 'paymentError':
		case 'paymentExpired':
			return t(`myRequests.status.${status.key}`);
		default:
			return t(`myRequests.status.${status.key}`, { count: status.count });
	}
}

/** Until when a hand-over can still be confirmed, while it can. */
export function confirmBySentence(
	request: ItemRequest,
	t: TFunction,
	locale: Locale,
): string | null {
	const status = receiverStatus(request);
	return status.key === 'handedOver'
		? t('myRequests.status.confirmBy', { date: formatDate(status.confirmBy, locale) })
		: null;
}

/** The badge's colour per sentence: what needs the receiver stands out, what ended is gray. */
const badgeTones: Record<ReceiverStatus['key'], string> = {
	open: 'badge-info',
	waitingList: 'badge-info',
	reserved: 'badge-warning',
	reservedByOrder: 'badge-warning',
	handedOver: 'badge-secondary',
	unconfirmed: 'badge-ghost',
	confirmed: 'badge-success',
	declined: 'badge-ghost',
	declinedWithReason: 'badge-ghost',
	closed: 'badge-ghost',
	withdrawn: 'badge-ghost',
	donorNoShow: 'badge-ghost',
	expired: 'badge-ghost',
	paymentCancelled: 'badge-ghost',
	paymentFailed: 'badge-error',
	paymentError: 'badge-error',
	paymentExpired: 'badge-ghost',
};

/** The request's badge: a short name of where it stands and its colour's class. */
export function requestBadge(request: ItemRequest, t: TFunction) {
	const { key } = receiverStatus(request);
	return { label: t(`myRequests.badge.${key}`), tone: badgeTones[key] };
}
