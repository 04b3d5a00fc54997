import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultQuietHours, type QuietHours } from './notification-settings';
import type { NotificationSettingsPatch } from './notification-settings';
import type { SettingsErrors } from './use-saved-settings';

interface QuietHoursChoiceProps {
	/** As saved; `null`: push never waits. */
	quietHours: QuietHours | null;
	save: (patch: NotificationSettingsPatch) => Promise<SettingsErrors>;
}

/**
 * Quiet hours on or off, and their start and end in Jakarta time. A time is saved once the
 * person leaves its field, not at each digit typed; turning them on keeps the times shown.
 */
export function QuietHoursChoice({ quietHours, save }: QuietHoursChoiceProps) {
	const { t } = useTranslation();
	const id = useId();
	const [draft, setDraft] = useState<QuietHours>(quietHours ?? defaultQuietHours);
	const [error, setError] = useState<string | null>(null);
	const on = quietHours !== null;

	async function saveHours(hours: QuietHours | null) {
		const fields = await save({ quietHours: hours });
		const refused = fields['quietHours'];
		setError(refused ? t(refused as 'notifications.settings.errors.timeInvalid') : null);
	}

	function commit() {
		if (on && (draft.start !== quietHours.start || draft.end !== quietHours.end)) {
			void saveHours(draft);
		}
	}

	const timeField = (part: keyof QuietHours) => (
		<div className="fieldset">
			<label htmlFor={`${id}-${part}`} className="fieldset-legend text-sm">
				{t(`notifications.settings.quietHours.${part}`)}
			</label>
			<input
				id={`${id}-${part}`}
				type="time"
				className="input w-36"
				value={draft[part]}
				aria-invalid={error ? true : undefined}
				aria-describedby={`${id}-zone${error ? ` ${id}-error` : ''}`}
				onChange={(event) => setDraft((hours) => ({ ...hours, [part]: event.target.value }))}
				onBlur={commit}
			/>
		</div>
	);

	return (
		<section
			aria-labelledby={`${id}-heading`}
			className="card border border-base-300 bg-base-100 shadow-sm"
		>
			<div className="card-body gap-3">
				<h2 id={`${id}-heading`} className="text-xl font-bold">
					{t('notifications.settings.quietHours.heading')}
				</h2>
				<label className="flex cursor-pointer items-center gap-3">
					<input
						type="checkbox"
						role="switch"
						className="toggle toggle-primary"
						checked={on}
						aria-describedby={`${id}-description`}
						onChange={(event) => void saveHours(event.target.checked ? draft : null)}
					/>
					<span className="font-semibold">{t('notifications.settings.quietHours.toggle')}</span>
				</label>
				<p id={`${id}-description`} className="text-sm text-base-content/75">
					{t('notifications.settings.quietHours.description')}
				</p>
				{on && (
					<div className="flex flex-wrap items-end gap-4">
						{timeField('start')}
						{timeField('end')}
						<p id={`${id}-zone`} className="pb-3 text-sm text-base-content/75">
							{t('notifications.settings.quietHours.timeZone')}
						</p>
					</div>
				)}
				{error && (
					<p id={`${id}-error`} className="text-sm text-error">
						{error}
					</p>
				)}
			</div>
		</section>
	);
}
