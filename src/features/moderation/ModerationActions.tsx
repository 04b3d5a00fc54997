import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '~/components/ModalDialog';
import { ApiError, apiFetch } from '~/lib/api-client';
import { withTranslations } from '~/lib/i18n/island';
import type { IslandI18nProps } from '~/lib/i18n/island';
import { showToast } from '~/lib/toast';
import { type ReportReason, reportReasons } from '~/features/reports/reports';
import type { ModerationActionName } from './moderation';

interface ModerationActionsProps extends IslandI18nProps {
	target:
		| { itemId: number }
		| { userId: string }
		| { thanksId: number }
		| { needId: number }
		| { driveId: number };
	/** The actions that fit the target now, in the order shown. */
	actions: ModerationActionName[];
	/** The reason most reports gave, chosen at first. */
	suggestedReason: ReportReason | null;
	/** The item and its donor, named by the dialog that asks before hiding the item. */
	hiding?: { item: string; donor: string };
}

const suspensionDays = [1, 7, 30, 365] as const;

/** The actions that undo or close rather than act against someone, drawn plainer. */
const gentleActions: ModerationActionName[] = [
	'dismiss',
	'restoreItem',
	'restoreNeed',
	'restoreDrive',
	'liftSuspension',
];

/** The actions the desk sends with the chosen reason; the others leave it out. */
const actionsWithReason: ModerationActionName[] = [
	'hideItem',
	'warnUser',
	'suspendUser',
	'hideThanks',
	'hideNeed',
	'hideDrive',
];

/** One target's actions on the desk: a reason, a note, a suspension's length, and the buttons. */
function ModerationActionsIsland({
	target,
	actions,
	suggestedReason,
	hiding,
}: ModerationActionsProps) {
	const { t } = useTranslation();
	const id = useId();
	const [reason, setReason] = useState<ReportReason>(suggestedReason ?? 'prohibited');
	const [note, setNote] = useState('');
	const [days, setDays] = useState<string>('7');
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string | null>(null);
	const [askingToHide, setAskingToHide] = useState(false);

	async function act(action: ModerationActionName) {
		setBusy(true);
		setError(null);
		try {
			await apiFetch('/moderation/actions', {
				method: 'POST',
				body: JSON.stringify({
					action,
					...target,
					...(actionsWithReason.includes(action) ? { reason } : {}),
					...(note.trim() ? { note: note.trim() } : {}),
					...(action === 'suspendUser' && days !== 'forGood' ? { days: Number(days) } : {}),
				}),
			});
			void showToast('success', t('moderation.done'));
			window.location.reload();
		} catch (failure) {
			const field = failure instanceof ApiError ? Object.values(failure.fields)[0] : undefined;
			setError(field ? t(field as 'moderation.errors.actionInvalid') : (failure as Error).message);
			setBusy(false);
		}
	}

	return (
		<div className="flex flex-col gap-2">
			<div className="grid gap-2 sm:grid-cols-3">
				<label className="fieldset" htmlFor={`${id}-reason`}>
					<span className="fieldset-legend text-sm">{t('moderation.reason')}</span>
					<select
						id={`${id}-reason`}
						className="select select-sm w-full"
						value={reason}
						onChange={(event) => setReason(event.currentTarget.value as ReportReason)}
					>
						{reportReasons.map((option) => (
							<option key={option} value={option}>
								{t(`reports.reasons.${option}`)}
							</option>
						))}
					</select>
				</label>
				<label className="fieldset" htmlFor={`${id}-note`}>
					<span className="fieldset-legend text-sm">{t('moderation.note')}</span>
					<input
						id={`${id}-note`}
						className="input input-sm w-full"
						value={note}
						maxLength={500}
						onChange={(event) => setNote(event.currentTarget.value)}
					/>
				</label>
				{actions.includes('suspendUser') && (
					<label className="fieldset" htmlFor={`${id}-days`}>
						<span className="fieldset-legend text-sm">{t('moderation.days')}</span>
						<select
							id={`${id}-days`}
							className="select select-sm w-full"
							value={days}
							onChange={(event) => setDays(event.currentTarget.value)}
						>
							{suspensionDays.map((count) => (
								<option key={count} value={String(count)}>
									{t('moderation.daysOption', { count })}
								</option>
							))}
							<option value="forGood">{t('moderation.forGood')}</option>
						</select>
					</label>
				)}
			</div>
			<div className="flex flex-wrap gap-2">
				{actions.map((action) => (
					<button
						key={action}
						type="button"
						disabled={busy}
						className={`btn btn-sm ${gentleActions.includes(action) ? 'btn-outline' : 'btn-error'}`}
						onClick={() => (action === 'hideItem' ? setAskingToHide(true) : void act(action))}
					>
						{t(`moderation.actions.${action}`)}
					</button>
				))}
			</div>
			{error && (
				<p role="alert" className="alert alert-error text-sm">
					{error}
				</p>
			)}
			<ModalDialog
				open={askingToHide}
				title={t('moderation.hideDialog.title')}
				message={t('moderation.hideDialog.message', {
					item: hiding?.item ?? '',
					donor: hiding?.donor ?? '',
				})}
				cancelLabel={t('moderation.hideDialog.cancel')}
				confirmLabel={t('moderation.hideDialog.confirm')}
				busyLabel={t('moderation.hideDialog.hiding')}
				onConfirm={() => act('hideItem')}
				onClose={() => setAskingToHide(false)}
			/>
		</div>
	);
}

/** The actions of one queue entry, an island of the desk. */
export const ModerationActions = withTranslations(ModerationActionsIsland);
