import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiFetch } from '~/lib/api-client';
import { useHydrated } from '~/lib/hydrated';
import { type IslandI18nProps, withTranslations } from '~/lib/i18n/island';
import { showToast } from '~/lib/toast';

interface OrganisationDecisionProps extends IslandI18nProps {
	organisationId: number;
}

/** An organisation's decision on the desk: a note, then verify it, or refuse it with the note. */
function OrganisationDecisionIsland({ organisationId }: OrganisationDecisionProps) {
	const { t } = useTranslation();
	const id = useId();
	const [note, setNote] = useState('');
	const [busy, setBusy] = useState(false);
	const [error, setError] = useState<string | null>(null);
	const hydrated = useHydrated();

	// The API checks the note (required to refuse) and names what is wrong.
	async function decide(decision: 'verify' | 'refuse') {
		setBusy(true);
		setError(null);
		try {
			await apiFetch(`/moderation/organisations/${organisationId}`, {
				method: 'POST',
				body: JSON.stringify({ decision, ...(note.trim() ? { note } : {}) }),
			});
			void showToast('success', t('organisations.desk.done'));
			window.location.reload();
		} catch (failure) {
			const field = failure instanceof ApiError ? Object.values(failure.fields)[0] : undefined;
			setError(
				field
					? t(field as 'organisations.errors.noteMax')
					: failure instanceof ApiError && failure.message
						? failure.message
						: t('common.error'),
			);
			setBusy(false);
		}
	}

	return (
		<div className="flex flex-col gap-2">
			<label className="fieldset" htmlFor={`${id}-note`}>
				<span className="fieldset-legend text-sm">{t('organisations.desk.note')}</span>
				<textarea
					id={`${id}-note`}
					className="textarea w-full"
					rows={2}
					value={note}
					onChange={(event) => setNote(event.currentTarget.value)}
				/>
			</label>
			<div className="flex flex-wrap gap-2">
				<button
					type="button"
					disabled={busy || !hydrated}
					className="btn btn-sm btn-success"
					onClick={() => void decide('verify')}
				>
					{t('organisations.desk.verify')}
				</button>
				<button
					type="button"
					disabled={busy || !hydrated}
					className="btn btn-sm btn-error"
					onClick={() => void decide('refuse')}
				>
					{t('organisations.desk.refuse')}
				</button>
			</div>
			{error && (
				<p role="alert" className="alert alert-error text-sm">
					{error}
				</p>
			)}
		</div>
	);
}

/** The decision on one organisation waiting for verification, an island of the desk. */
export const OrganisationDecision = withTranslations(OrganisationDecisionIsland);
