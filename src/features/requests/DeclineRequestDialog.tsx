import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeclineReason, declineReasons, type ItemRequest } from './requests';

interface DeclineRequestDialogProps {
	/** The request to ask about; the dialog is open while there is one. */
	request: ItemRequest | null;
	/** Declines it, with the reason chosen; the dialog closes when it settles. */
	onConfirm: (request: ItemRequest, reason: DeclineReason | undefined) => Promise<void>;
	/** The dialog has closed (cancelled, or after `onConfirm`). */
	onClose: () => void;
}

/**
 * Asks before declining a request, naming the receiver, with an optional reason they will read
 * in their own language. A native modal `<dialog>`: focus stays inside, Escape cancels.
 */
export function DeclineRequestDialog({ request, onConfirm, onClose }: DeclineRequestDialogProps) {
	const { t } = useTranslation();
	const dialog = useRef<HTMLDialogElement>(null);
	const id = useId();
	const [busy, setBusy] = useState(false);
	const [reason, setReason] = useState<DeclineReason | ''>('');
	// The name stays while the dialog closes, so its text does not blank out.
	const [shown, setShown] = useState<ItemRequest | null>(request);
	const name = shown?.receiver?.name ?? '';

	useEffect(() => {
		if (!request || dialog.current?.open) return;
		setShown(request);
		setReason('');
		dialog.current?.showModal();
	}, [request]);

	async function confirm() {
		if (!request) return;
		setBusy(true);
		try {
			await onConfirm(request, reason || undefined);
		} finally {
			setBusy(false);
			dialog.current?.close();
		}
	}

	const choices: (DeclineReason | '')[] = ['', ...declineReasons];
	return (
		<dialog
			ref={dialog}
			className="modal"
			aria-labelledby={`${id}-title`}
			aria-describedby={`${id}-message`}
			onClose={onClose}
			onCancel={(event) => {
				if (busy) event.preventDefault();
			}}
		>
			<div className="modal-box">
				<h2 id={`${id}-title`} className="text-lg font-bold break-words">
					{t('itemRequests.declineDialog.title', { name })}
				</h2>
				<p id={`${id}-message`} className="py-3">
					{t('itemRequests.declineDialog.message', { name })}
				</p>
				<fieldset className="grid gap-2" disabled={busy}>
					<legend className="mb-2 font-semibold">{t('itemRequests.declineDialog.reason')}</legend>
					{choices.map((choice) => (
						<label key={choice || 'none'} className="flex cursor-pointer items-center gap-3">
							<input
								type="radio"
								name={`${id}-reason`}
								value={choice}
								checked={reason === choice}
								className="radio radio-sm"
								onChange={() => setReason(choice)}
							/>
							<span>
								{choice
									? t(`itemRequests.declineReasons.${choice}`)
									: t('itemRequests.declineDialog.noReason')}
							</span>
						</label>
					))}
				</fieldset>
				<div className="modal-action">
					<button
						type="button"
						className="btn"
						disabled={busy}
						onClick={() => dialog.current?.close()}
					>
						{t('itemRequests.declineDialog.cancel')}
					</button>
					<button
						type="button"
						className="btn btn-error"
						disabled={busy}
						onClick={() => void confirm()}
					>
						{busy && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
						{busy ? t('itemRequests.actions.saving') : t('itemRequests.declineDialog.confirm')}
					</button>
				</div>
			</div>
		</dialog>
	);
}
