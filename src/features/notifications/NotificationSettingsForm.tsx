import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { locales } from '~/lib/i18n/locales';
import { type IslandI18nProps, withTranslations } from '~/lib/i18n/island';
import { DevicePush } from './DevicePush';
import type { NotificationSettings } from './notification-settings';
import { deliveryChannels, eventKindNames } from './notifications';
import { QuietHoursChoice } from './QuietHoursChoice';
import { useSavedSettings } from './use-saved-settings';

interface NotificationSettingsFormProps extends IslandI18nProps {
	/** The settings as the server read them. */
	initialSettings: NotificationSettings;
	/** The person's address while it is not verified (mail goes only to verified ones), else null. */
	unverifiedEmail: string | null;
}

/**
 * `/settings/notifications`: push and email per kind of event, quiet hours, the language of
 * messages, and push on this device. Each change is saved as it is made, with a toast. Needs
 * `notifications.settings` and `notifications.push`.
 */
export const NotificationSettingsForm = withTranslations(function NotificationSettingsForm({
	initialSettings,
	unverifiedEmail,
}: NotificationSettingsFormProps) {
	const { t } = useTranslation();
	const id = useId();
	const { settings, save } = useSavedSettings(initialSettings, t);

	return (
		<div className="flex flex-col gap-6">
			<section
				aria-labelledby={`${id}-kinds`}
				className="card border border-base-300 bg-base-100 shadow-sm"
			>
				<div className="card-body gap-2">
					<h2 id={`${id}-kinds`} className="text-xl font-bold">
						{t('notifications.settings.kindsHeading')}
					</h2>
					{unverifiedEmail && (
						<p role="note" className="alert alert-info text-sm">
							{t('notifications.settings.emailUnverified', { email: unverifiedEmail })}
						</p>
					)}
					<ul className="divide-y divide-base-300">
						{eventKindNames.map((kind) => {
							const title = t(`notifications.settings.kinds.${kind}.title`);
							return (
								<li
									key={kind}
									className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
								>
									<div>
										<h3 className="font-semibold">{title}</h3>
										<p className="text-sm text-base-content/75">
											{t(`notifications.settings.kinds.${kind}.description`)}
										</p>
									</div>
									<div className="flex shrink-0 gap-6">
										{deliveryChannels.map((channel) => {
											const name = t(`notifications.settings.channels.${channel}`);
											return (
												<label key={channel} className="flex cursor-pointer items-center gap-2">
													<input
														type="checkbox"
														role="switch"
														className="toggle toggle-primary"
														checked={settings.channels[kind][channel]}
														aria-label={t('notifications.settings.switchLabel', {
															channel: name,
															kind: title,
														})}
														onChange={(event) =>
															void save({
																channels: { [kind]: { [channel]: event.target.checked } },
															})
														}
													/>
													<span aria-hidden="true">{name}</span>
												</label>
											);
										})}
									</div>
								</li>
							);
						})}
					</ul>
				</div>
			</section>
			<QuietHoursChoice quietHours={settings.quietHours} save={save} />
			<section
				aria-labelledby={`${id}-language`}
				className="card border border-base-300 bg-base-100 shadow-sm"
			>
				<div className="card-body gap-3">
					<h2 id={`${id}-language`} className="text-xl font-bold">
						{t('notifications.settings.language.heading')}
					</h2>
					<p id={`${id}-language-description`} className="text-sm text-base-content/75">
						{t('notifications.settings.language.description')}
					</p>
					<div
						role="radiogroup"
						aria-labelledby={`${id}-language`}
						aria-describedby={`${id}-language-description`}
						className="flex flex-wrap gap-6"
					>
						{locales.map((language) => (
							<label key={language} className="flex cursor-pointer items-center gap-2">
								<input
									type="radio"
									name={`${id}-language`}
									className="radio radio-primary"
									checked={settings.language === language}
									onChange={() => void save({ language })}
								/>
								<span>{t(`notifications.settings.language.${language}`)}</span>
							</label>
						))}
					</div>
				</div>
			</section>
			<DevicePush />
		</div>
	);
});
