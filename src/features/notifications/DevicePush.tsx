import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '~/lib/toast';
import { currentPushState, type PushState, turnPushOff, turnPushOn } from './push-subscription';

/**
 * "Notifications on this device": whether this browser can get push, is blocked, off or on, and
 * the button that turns it on (asking for permission from the tap) or off. Needs
 * `notifications.settings.device` and `notifications.push`.
 */
export function DevicePush() {
	const { t } = useTranslation();
	const id = useId();
	const [state, setState] = useState<PushState | 'checking'>('checking');
	const [busy, setBusy] = useState(false);
	const [failure, setFailure] = useState<string | null>(null);

	useEffect(() => {
		let shown = true;
		void currentPushState().then((found) => shown && setState(found));
		return () => {
			shown = false;
		};
	}, []);

	async function turnOn() {
		setBusy(true);
		setFailure(null);
		const result = await turnPushOn();
		if (result.ok) {
			setState('on');
			void showToast('success', t('notifications.push.turnedOn'));
		} else {
			setFailure(t(`notifications.push.failures.${result.failure}`));
			setState(await currentPushState());
		}
		setBusy(false);
	}

	async function turnOff() {
		setBusy(true);
		setFailure(null);
		if (await turnPushOff()) {
			setState('off');
			void showToast('success', t('notifications.push.turnedOff'));
		} else {
			setFailure(t('notifications.push.turnOffFailed'));
		}
		setBusy(false);
	}

	return (
		<section
			aria-labelledby={`${id}-heading`}
			className="card border border-base-300 bg-base-100 shadow-sm"
		>
			<div className="card-body gap-3">
				<h2 id={`${id}-heading`} className="text-xl font-bold">
					{t('notifications.settings.device.heading')}
				</h2>
				<p role="status" data-push-state={state} className="flex items-center gap-2">
					{state === 'checking' && (
						<span aria-hidden="true" className="loading loading-spinner loading-sm" />
					)}
					{t(`notifications.settings.device.${state}`)}
				</p>
				{(state === 'off' || state === 'on') && (
					<button
						type="button"
						className={`btn self-start ${state === 'off' ? 'btn-primary' : 'btn-outline'}`}
						disabled={busy}
						onClick={() => void (state === 'off' ? turnOn() : turnOff())}
					>
						{busy && <span aria-hidden="true" className="loading loading-spinner loading-sm" />}
						{state === 'off'
							? t('notifications.settings.device.turnOn')
							: t('notifications.settings.device.turnOff')}
					</button>
				)}
				{failure && (
					<p role="alert" className="alert alert-error text-sm">
						{failure}
					</p>
				)}
			</div>
		</section>
	);
}
