import { mayBeSignedIn } from '~/components/account-state';

/**
 * Starts the notification bell for a visitor who may be signed in: a server-rendered page says
 * it knows, a prerendered one has the sign-in hint cookie. Anyone else loads none of its code.
 */
export function setUpNotificationBell(): void {
	const bell = document.querySelector<HTMLElement>('[data-notification-bell]');
	if (!bell || (bell.dataset['signedIn'] === undefined && !mayBeSignedIn())) return;
	void import('./notification-bell').then(({ startNotificationBell }) =>
		startNotificationBell(bell),
	);
}
