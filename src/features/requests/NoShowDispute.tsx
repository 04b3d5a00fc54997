import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { ModalDialog } from '~/components/ModalDialog';
import { ApiError, apiFetch } from '~/lib/api-client';
import { showToast } from '~/lib/toast';
import type { NoShowDisputeState } from './no-show-disputes';

interface NoShowDisputeProps {
	requestId: number;
	state: NoShowDisputeState;
	onChanged: () => Promise<unknown>;
	t: TFunction;
}

/**
 * Where a no-show on a request stands, on either person's card: the one it counts against may
 * dispute it once, in a dialog, for a moderator to decide (docs/product-rules.md#givings).
 */
export function NoShowDispute({ requestId, state, onChanged, t }: NoShowDisputeProps) {
	const id = useId();
	const [open, setOpen] = useState(false);
	const [statement, setStatement] = useState('');
	const [error, setError] = useState<string | null>(null);

	if (state !== 'disputable') {
		return (
			<p className="text-sm text-base-content/75" data-testid="no-show-dispute">
				{t(`requests.noShowDispute.${state}`)}
			</p>
		);
	}

	async function send(): Promise<void | false> {
		// The API checks the text as the dialog would, and names what is wrong in the reader's words.
		try {
			await apiFetch(`/requests/${requestId}/no-show-dispute`, {
				method: 'POST',
				body: JSON.stringify({ statement }),
			});
			void showToast('success', t('requests.noShowDispute.sent'));
			await onChanged();
		} catch (failure) {
			const field = failure instanceof ApiError ? Object.values(failure.fields)[0] : undefined;
			setError(
				field
					? t(field as 'requests.errors.disputeStatementLength')
					: failure instanceof ApiError && failure.message
						? failure.message
						: t('common.error'),
			);
			return false;
		}
	}

	return (
		<div className="flex flex-wrap items-center justify-between gap-2">
			<p className="text-sm text-base-content/75">{t('requests.noShowDispute.disputable')}</p>
			<button
				type="button"
				className="btn btn-outline btn-sm"
				aria-haspopup="dialog"
				onClick={() => setOpen(true)}
			>
				{t('requests.noShowDispute.open')}
			</button>
			<ModalDialog
				open={open}
				title={t('requests.noShowDispute.title')}
				message={t('requests.noShowDispute.intro')}
				cancelLabel={t('requests.noShowDispute.cancel')}
				confirmLabel={t('requests.noShowDispute.send')}
				confirmTone="btn-primary"
				busyLabel={t('requests.noShowDispute.sending')}
				onOpen={() => setError(null)}
				onConfirm={send}
				onClose={() => setOpen(false)}
			>
				{(busy) => (
					<label className="fieldset" htmlFor={`${id}-statement`}>
						<span className="fieldset-legend text-sm">{t('requests.noShowDispute.statement')}</span>
						<textarea
							id={`${id}-statement`}
							className="textarea w-full"
							rows={4}
							value={statement}
							disabled={busy}
							aria-invalid={error ? true : undefined}
							aria-describedby={error ? `${id}-error` : undefined}
							onChange={(event) => setStatement(event.currentTarget.value)}
						/>
						{error && (
							<span id={`${id}-error`} role="alert" className="label text-sm text-error">
								{error}
							</span>
						)}
					</label>
				)}
			</ModalDialog>
		</div>
	);
}
