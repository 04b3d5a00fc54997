import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { showToast } from '~/lib/toast';
import type { PushOfferReason } from './push-offer-flag';
import { pushSupported, turnPushOn } from './push-subscription';

const dismissedKey = 'hibahin.pushOfferDismissed';

function dismissedBefore(): boolean {
	try {
		return localStorage.getItem(dismissedKey) === '1';
	} catch {
		// Without storage a dismissal could not be kept: better not to ask at all.
		return true;
	}
}

function rememberDismissal(): void {
	try {
		localStorage.setItem(dismissedKey, '1');
	} catch {
		// Not kept; `dismissedBefore` answers true in such a browser anyway.
	}
}

/** Whether to ask: push can work here, the browser never asked, and the person never said no. */
export function pushOfferDue(): boolean {
	return pushSupported() && Notification.permission === 'default' && !dismissedBefore();
}

interface PushOfferProps {
	reason: PushOfferReason;
	t: TFunction;
	close: () => void;
}

/** A small card at the bottom of the screen: the question, "Turn on" and "Not now". */
function PushOffer({ reason, t, close }: PushOfferProps) {
	const id = useId();
	const [busy, setBusy] = useState(false);
	const [failure, setFailure] = useState<string | null>(null);

	async function turnOn() {
		setBusy(true);
		const result = await turnPushOn();
		setBusy(false);
		if (!result.ok) {
			setFailure(t(`notifications.push.failures.${result.failure}`));
			return;
		}
		void showToast('success', t('notifications.push.turnedOn'));
		close();
	}

	function notNow() {
		rememberDismissal();
		close();
	}

	return (
		<div
			role="dialog"
			aria-labelledby={`${id}-question`}
			className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-box border border-base-300 bg-base-100 p-4 shadow-lg"
		>
			<p id={`${id}-question`} className="font-semibold">
				{t(`notifications.pushOffer.${reason}`)}
			</p>
			{failure && (
				<p role="alert" className="mt-2 text-sm text-error">
					{failure}
				</p>
			)}
			<div className="mt-3 flex justify-end gap-2">
				<button type="button" className="btn btn-ghost btn-sm" onClick={notNow}>
					{t('notifications.pushOffer.notNow')}
				</button>
				<button
					type="button"
					className="btn btn-primary btn-sm"
					disabled={busy}
					onClick={() => void turnOn()}
				>
					{busy && <span aria-hidden="true" className="loading loading-spinner loading-xs" />}
					{t('notifications.pushOffer.turnOn')}
				</button>
			</div>
		</div>
	);
}

let shown = false;

/**
 * Asks whether to turn push on, after the person's first request or listing, when it is due
 * (`pushOfferDue`). `t` is the calling island's, which carries `notifications.pushOffer` and
 * `notifications.push`. The question is asked once per page at most.
 */
export async function offerPush(reason: PushOfferReason, t: TFunction): Promise<void> {
	if (shown || !pushOfferDue()) return;
	// Without the site's service worker (not installed yet, or refused) push cannot work here.
	if (!(await navigator.serviceWorker.getRegistration())) return;
	if (shown) return;
	shown = true;
	const host = document.createElement('div');
	document.body.append(host);
	const root = createRoot(host);
	const close = () => {
		root.unmount();
		host.remove();
	};
	root.render(<PushOffer reason={reason} t={t} close={close} />);
}
