import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog, useLastShown } from '~/components/ModalDialog';
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
 * in their own language.
 */
export function DeclineRequestDialog({ request, onConfirm, onClose }: DeclineRequestDialogProps) {
	const { t } = useTranslation();
	const id = useId();
	const [reason, setReason] = useState<DeclineReason | ''>('');
	const name = useLastShown(request)?.receiver?.name ?? '';

	const choices: (DeclineReason | '')[] = ['', ...declineReasons];
	return (
		<ModalDialog
			open={request !== null}
			title={t('itemRequests.declineDialog.title', { name })}
			message={t('itemRequests.declineDialog.message', { name })}
			cancelLabel={t('itemRequests.declineDialog.cancel')}
			confirmLabel={t('itemRequests.declineDialog.confirm')}
			busyLabel={t('itemRequests.actions.saving')}
			onOpen={() => setReason('')}
			onConfirm={async () => {
				if (request) await onConfirm(request, reason || undefined);
			}}
			onClose={onClose}
		>
			{(busy) => (
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
			)}
		</ModalDialog>
	);
}
