import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame, fieldAria } from '~/components/FormField';
import { ApiError, apiFetch } from '~/lib/api-client';
import { type IslandI18nProps, withTranslations } from '~/lib/i18n/island';
import { flashToast } from '~/lib/toast';

interface DriveActionsProps extends IslandI18nProps {
	driveId: number;
	story: string;
	ended: boolean;
	hidden: boolean;
	/** The end days the form may offer, as the server counts them. */
	endDays: { min: string; max: string };
	/** The creator (or a moderator) changes the story and end day, and ends the drive early. */
	canEdit: boolean;
	/** A moderator hides the drive or shows it again. */
	canHide: boolean;
}

type Change =
	| { kind: 'update'; story: string; endDate: string }
	| { kind: 'end' }
	| { kind: 'hidden'; hidden: boolean };

function sendChange(driveId: number, change: Change): Promise<unknown> {
	const path = `/drives/${driveId}`;
	if (change.kind === 'end') return apiFetch(`${path}/end`, { method: 'POST' });
	if (change.kind === 'hidden') {
		return apiFetch(`${path}/hidden`, {
			method: 'PUT',
			body: JSON.stringify({ hidden: change.hidden }),
		});
	}
	const { story, endDate } = change;
	return apiFetch(path, {
		method: 'PATCH',
		body: JSON.stringify(endDate ? { story, endDate } : { story }),
	});
}

const doneMessage = {
	update: 'drives.saved',
	end: 'drives.endedNow',
	hidden: 'drives.hiddenNow',
	shown: 'drives.shownNow',
} as const;

/**
 * The drive's own buttons: change its story or end day, end it now (after a confirmation), and
 * for moderators hide or show it. Each change reloads the server-rendered page. Needs `drives`.
 */
export const DriveActions = withTranslations(function DriveActions(props: DriveActionsProps) {
	const { t } = useTranslation();
	const [editing, setEditing] = useState(false);
	const [story, setStory] = useState(props.story);
	const [endDate, setEndDate] = useState('');
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<ApiError | null>(null);

	async function change(next: Change) {
		setBusy(true);
		setError(null);
		try {
			await sendChange(props.driveId, next);
			const done = next.kind === 'hidden' ? (next.hidden ? 'hidden' : 'shown') : next.kind;
			flashToast('success', t(doneMessage[done]));
			window.location.reload();
		} catch (failure) {
			setError(failure instanceof ApiError ? failure : new ApiError(0, 'INTERNAL', ''));
			setBusy(false);
		}
	}
	const fieldError = (field: string): string | undefined => {
		const key = error?.fields[field];
		return key ? t(key as 'drives.failed') : undefined;
	};

	return (
		<div className="flex flex-col items-end gap-2">
			<div className="flex flex-wrap justify-end gap-2">
				{props.canEdit && !props.ended && (
					<>
						<button
							type="button"
							className="btn btn-ghost btn-sm"
							aria-expanded={editing}
							onClick={() => setEditing(!editing)}
						>
							{t('drives.edit')}
						</button>
						<button
							type="button"
							className="btn btn-outline btn-sm btn-error"
							disabled={busy}
							onClick={() => {
								if (window.confirm(t('drives.endConfirm'))) void change({ kind: 'end' });
							}}
						>
							{t('drives.end')}
						</button>
					</>
				)}
				{props.canHide && (
					<button
						type="button"
						className="btn btn-outline btn-sm"
						disabled={busy}
						onClick={() => void change({ kind: 'hidden', hidden: !props.hidden })}
					>
						{t(props.hidden ? 'drives.unhide' : 'drives.hide')}
					</button>
				)}
			</div>
			{editing && (
				<form
					className="flex w-full flex-col gap-3"
					noValidate
					onSubmit={(event) => {
						event.preventDefault();
						void change({ kind: 'update', story, endDate });
					}}
				>
					<FieldFrame id="drive-story" label={t('drives.fields.story')} error={fieldError('story')}>
						<textarea
							id="drive-story"
							className="textarea w-full"
							rows={5}
							value={story}
							onChange={(event) => setStory(event.target.value)}
							{...fieldAria('drive-story', undefined, fieldError('story'))}
						/>
					</FieldFrame>
					<FieldFrame
						id="drive-end-date"
						label={t('drives.fields.endDate')}
						hint={t('drives.fields.endDateHint')}
						error={fieldError('endDate')}
					>
						<input
							id="drive-end-date"
							type="date"
							className="input w-full"
							min={props.endDays.min}
							max={props.endDays.max}
							value={endDate}
							onChange={(event) => setEndDate(event.target.value)}
							{...fieldAria(
								'drive-end-date',
								t('drives.fields.endDateHint'),
								fieldError('endDate'),
							)}
						/>
					</FieldFrame>
					<div className="flex justify-end gap-2">
						<button type="button" className="btn btn-ghost" onClick={() => setEditing(false)}>
							{t('drives.cancel')}
						</button>
						<button type="submit" className="btn btn-primary" disabled={busy}>
							{t('drives.save')}
						</button>
					</div>
				</form>
			)}
			{error && !Object.keys(error.fields).length && (
				<p role="alert" className="text-sm text-error">
					{error.message || t('drives.failed')}
				</p>
			)}
		</div>
	);
});
