import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportLimits } from '~/config/limits';
import { ApiError, apiFetch } from '~/lib/api-client';
import { showToast } from '~/lib/toast';
import { type ReportReason, reportInputSchema, reportReasons, type ReportTarget } from './reports';

interface ReportDialogProps {
	target: ReportTarget;
	/** The dialog has closed, sent or cancelled; focus goes back to the button. */
	onClose: () => void;
}

/**
 * The report form in a native modal dialog: a reason, and for "something else" a few words.
 * Checked with the API's own schema before it is sent; a refusal shows in the dialog.
 */
export default function ReportDialog({ target, onClose }: ReportDialogProps) {
	const { t } = useTranslation();
	const dialog = useRef<HTMLDialogElement>(null);
	const id = useId();
	const [reason, setReason] = useState<ReportReason | null>(null);
	const [details, setDetails] = useState('');
	const [error, setError] = useState<string | null>(null);
	const [busy, setBusy] = useState(false);

	useEffect(() => dialog.current?.showModal(), []);

	async function send(event: FormEvent<HTMLFormElement>) {
		event.preventDefault();
		const body = {
			...(target.kind === 'item' ? { itemId: target.itemId } : { userId: target.userId }),
			reason: reason ?? undefined,
			details: details.trim() || undefined,
		};
		const checked = reportInputSchema.safeParse(body);
		if (!checked.success) {
			setError(t(checked.error.issues[0]!.message as 'reports.errors.reasonInvalid'));
			return;
		}
		setBusy(true);
		setError(null);
		try {
			await apiFetch('/reports', { method: 'POST', body: JSON.stringify(body) });
			void showToast('success', t('reports.thanks'));
			dialog.current?.close();
		} catch (failure) {
			const field = failure instanceof ApiError ? Object.values(failure.fields)[0] : undefined;
			setError(
				field
					? t(field as 'reports.errors.reasonInvalid')
					: failure instanceof ApiError && failure.message
						? failure.message
						: t('common.error'),
			);
		} finally {
			setBusy(false);
		}
	}

	const title = t(target.kind === 'item' ? 'reports.dialog.titleItem' : 'reports.dialog.titleUser');
	return (
		<dialog ref={dialog} className="modal" aria-labelledby={`${id}-title`} onClose={onClose}>
			<form className="modal-box flex flex-col gap-3" onSubmit={send} noValidate>
				<h2 id={`${id}-title`} className="text-lg font-bold">
					{title}
				</h2>
				<p className="text-sm text-base-content/80">{t('reports.dialog.intro')}</p>
				<fieldset className="fieldset" disabled={busy}>
					<legend className="fieldset-legend text-sm">{t('reports.dialog.reason')}</legend>
					{reportReasons.map((option) => (
						<label
							key={option}
							className="label cursor-pointer gap-3 py-1 text-base text-base-content"
						>
							<input
								type="radio"
								className="radio radio-sm"
								name={`${id}-reason`}
								value={option}
								checked={reason === option}
								onChange={() => setReason(option)}
							/>
							<span className="first-letter:uppercase">{t(`reports.reasons.${option}`)}</span>
						</label>
					))}
				</fieldset>
				<label className="fieldset" htmlFor={`${id}-details`}>
					<span className="fieldset-legend text-sm">{t('reports.dialog.details')}</span>
					<textarea
						id={`${id}-details`}
						className="textarea w-full"
						rows={3}
						maxLength={reportLimits.detailsMax}
						value={details}
						disabled={busy}
						onChange={(event) => setDetails(event.currentTarget.value)}
						aria-describedby={`${id}-hint`}
					/>
					<span id={`${id}-hint`} className="text-sm text-base-content/75">
						{t('reports.dialog.detailsHint')}
					</span>
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
						{t('reports.dialog.cancel')}
					</button>
					<button type="submit" className="btn btn-error" disabled={busy}>
						{busy && <span className="loading loading-sm loading-spinner" aria-hidden="true" />}
						{t(busy ? 'reports.dialog.sending' : 'reports.dialog.submit')}
					</button>
				</div>
			</form>
		</dialog>
	);
}
