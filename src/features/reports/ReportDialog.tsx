import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '~/components/ModalDialog';
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
 * The report form in a modal dialog: a reason, and for "something else" a few words. Checked
 * with the API's own schema before it is sent; a refusal shows in the dialog, which stays open.
 */
export default function ReportDialog({ target, onClose }: ReportDialogProps) {
	const { t } = useTranslation();
	const id = useId();
	const [reason, setReason] = useState<ReportReason | null>(null);
	const [details, setDetails] = useState('');
	const [error, setError] = useState<string | null>(null);

	async function send(): Promise<void | false> {
		const body = {
			...(target.kind === 'item'
				? { itemId: target.itemId }
				: target.kind === 'thanks'
					? { thanksId: target.thanksId }
					: target.kind === 'need'
						? { needId: target.needId }
						: target.kind === 'drive'
							? { driveId: target.driveId }
							: { userId: target.userId }),
			reason: reason ?? undefined,
			details: details.trim() || undefined,
		};
		const checked = reportInputSchema.safeParse(body);
		if (!checked.success) {
			setError(t(checked.error.issues[0]!.message as 'reports.errors.reasonInvalid'));
			return false;
		}
		setError(null);
		try {
			await apiFetch('/reports', { method: 'POST', body: JSON.stringify(body) });
			void showToast('success', t('reports.thanks'));
		} catch (failure) {
			const field = failure instanceof ApiError ? Object.values(failure.fields)[0] : undefined;
			setError(
				field
					? t(field as 'reports.errors.reasonInvalid')
					: failure instanceof ApiError && failure.message
						? failure.message
						: t('common.error'),
			);
			return false;
		}
	}

	return (
		<ModalDialog
			open
			title={t(
				target.kind === 'item'
					? 'reports.dialog.titleItem'
					: target.kind === 'thanks'
						? 'reports.dialog.titleThanks'
						: target.kind === 'need'
							? 'reports.dialog.titleNeed'
							: target.kind === 'drive'
								? 'reports.dialog.titleDrive'
								: 'reports.dialog.titleUser',
			)}
			message={t('reports.dialog.intro')}
			cancelLabel={t('reports.dialog.cancel')}
			confirmLabel={t('reports.dialog.submit')}
			busyLabel={t('reports.dialog.sending')}
			onConfirm={send}
			onClose={onClose}
		>
			{(busy) => (
				<div className="flex flex-col gap-3">
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
				</div>
			)}
		</ModalDialog>
	);
}
