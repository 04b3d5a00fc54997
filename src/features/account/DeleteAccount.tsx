import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiFetch } from '~/lib/api-client';
import { withTranslations } from '~/lib/i18n/island';
import type { IslandI18nProps } from '~/lib/i18n/island';
import { localizePath } from '~/lib/i18n/locales';
import { flashToast } from '~/lib/toast';
import { deletionWords } from './account';

/**
 * "Delete my account": a dialog that asks to type the word shown. Deleting signs out at once,
 * so the page then goes home with a toast that says how to take it back.
 */
function DeleteAccountIsland({ locale }: IslandI18nProps) {
	const { t } = useTranslation();
	const dialog = useRef<HTMLDialogElement>(null);
	const id = useId();
	const word = deletionWords[locale];
	const [typed, setTyped] = useState('');
	const [error, setError] = useState<string | null>(null);
	const [busy, setBusy] = useState(false);

	async function remove() {
		setBusy(true);
		setError(null);
		try {
			await apiFetch('/account/delete', {
				method: 'POST',
				body: JSON.stringify({ confirmation: typed }),
			});
			flashToast('success', t('account.deleted'));
			window.location.assign(localizePath('/', locale));
		} catch (failure) {
			const field = failure instanceof ApiError ? failure.fields['confirmation'] : undefined;
			setError(field ? t(field as 'account.errors.confirmation') : (failure as Error).message);
			setBusy(false);
		}
	}

	return (
		<>
			<button
				type="button"
				className="btn btn-outline btn-error"
				aria-haspopup="dialog"
				onClick={() => {
					setTyped('');
					setError(null);
					dialog.current?.showModal();
				}}
			>
				{t('account.delete')}
			</button>
			<dialog ref={dialog} className="modal" aria-labelledby={`${id}-title`}>
				<form
					className="modal-box flex flex-col gap-3"
					noValidate
					onSubmit={(event) => {
						event.preventDefault();
						void remove();
					}}
				>
					<h2 id={`${id}-title`} className="text-lg font-bold">
						{t('account.deleteTitle')}
					</h2>
					<p>{t('account.deleteMessage', { word })}</p>
					<label className="fieldset" htmlFor={`${id}-word`}>
						<span className="fieldset-legend text-sm">
							{t('account.confirmationLabel', { word })}
						</span>
						<input
							id={`${id}-word`}
							className={`input w-full ${error ? 'input-error' : ''}`}
							autoComplete="off"
							value={typed}
							disabled={busy}
							onChange={(event) => setTyped(event.currentTarget.value)}
						/>
					</label>
					{error && (
						<p role="alert" className="alert alert-error text-sm">
							{error}
						</p>
					)}
					<div className="modal-action">
						<button
							type="button"
							className="btn btn-ghost"
							disabled={busy}
							onClick={() => dialog.current?.close()}
						>
							{t('account.cancel')}
						</button>
						<button type="submit" className="btn btn-error" disabled={busy}>
							{t(busy ? 'account.deleting' : 'account.confirm')}
						</button>
					</div>
				</form>
			</dialog>
		</>
	);
}

/** The delete-account button and its dialog, an island of `/profile`. */
export const DeleteAccount = withTranslations(DeleteAccountIsland);
