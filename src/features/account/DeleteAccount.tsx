import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '~/components/ModalDialog';
import { ApiError, apiFetch } from '~/lib/api-client';
import { withTranslations } from '~/lib/i18n/island';
import type { IslandI18nProps } from '~/lib/i18n/island';
import { localizePath } from '~/lib/i18n/locales';
import { flashToast } from '~/lib/toast';
import { deletionWords } from './account';

/**
 * The server forgot the account's devices; the browser drops its subscription as well, so the
 * push service holds nothing for a deleted account. Waits at most a second for a worker.
 */
async function forgetPushOnThisDevice(): Promise<void> {
	const drop = async () => {
		const registration = await navigator.serviceWorker?.getRegistration();
		await (await registration?.pushManager?.getSubscription())?.unsubscribe();
	};
	await Promise.race([
		drop().catch(() => undefined),
		new Promise((done) => setTimeout(done, 1000)),
	]);
}

/**
 * "Delete my account": a dialog that asks to type the word shown. Deleting signs out at once,
 * so the page then goes home with a toast that says how to take it back.
 */
function DeleteAccountIsland({ locale }: IslandI18nProps) {
	const { t } = useTranslation();
	const id = useId();
	const word = deletionWords[locale];
	const [open, setOpen] = useState(false);
	const [typed, setTyped] = useState('');
	const [error, setError] = useState<string | null>(null);

	async function remove(): Promise<void | false> {
		setError(null);
		try {
			await apiFetch('/account/delete', {
				method: 'POST',
				body: JSON.stringify({ confirmation: typed }),
			});
			// The answer cleared the session cookies; the device's push subscription goes too.
			await forgetPushOnThisDevice();
			flashToast('success', t('account.deleted'));
			window.location.assign(localizePath('/', locale));
		} catch (failure) {
			const field = failure instanceof ApiError ? failure.fields['confirmation'] : undefined;
			setError(field ? t(field as 'account.errors.confirmation') : (failure as Error).message);
			return false;
		}
	}

	return (
		<>
			<button
				type="button"
				className="btn btn-outline btn-error"
				aria-haspopup="dialog"
				onClick={() => setOpen(true)}
			>
				{t('account.delete')}
			</button>
			<ModalDialog
				open={open}
				title={t('account.deleteTitle')}
				message={t('account.deleteMessage', { word })}
				cancelLabel={t('account.cancel')}
				confirmLabel={t('account.confirm')}
				busyLabel={t('account.deleting')}
				onOpen={() => {
					setTyped('');
					setError(null);
				}}
				onConfirm={remove}
				onClose={() => setOpen(false)}
			>
				{(busy) => (
					<div className="flex flex-col gap-3">
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
					</div>
				)}
			</ModalDialog>
		</>
	);
}

/** The delete-account button and its dialog, an island of `/profile`. */
export const DeleteAccount = withTranslations(DeleteAccountIsland);
