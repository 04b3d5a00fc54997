/** Saving the notification settings page's changes (docs/product-rules.md#notifications). */
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api-client';
import { showToast } from '~/lib/toast';
import {
	type NotificationSettings,
	type NotificationSettingsPatch,
	patchedSettings,
} from './notification-settings';

/** `PATCH /notification-settings`: the settings as they now are. */
export function changeNotificationSettings(
	patch: NotificationSettingsPatch,
): Promise<NotificationSettings> {
	return apiFetch<NotificationSettings>('/notification-settings', {
		method: 'PATCH',
		body: JSON.stringify(patch),
	});
}

/** A refused change's field errors, as message keys; empty when the server gave none. */
export type SettingsErrors = Record<string, string>;

/**
 * The settings shown and `save`, which changes them at once and then on the server, with a
 * toast either way. A refused or failed change puts back what the server last confirmed; only
 * the latest change's answer replaces what is shown, so quick changes do not flicker.
 */
export function useSavedSettings(initial: NotificationSettings, t: TFunction) {
	const [settings, setSettings] = useState(initial);
	const confirmed = useRef(initial);
	const latest = useRef(0);

	async function save(patch: NotificationSettingsPatch): Promise<SettingsErrors> {
		const change = ++latest.current;
		setSettings((shown) => patchedSettings(shown, patch));
		try {
			const answer = await changeNotificationSettings(patch);
			confirmed.current = answer;
			if (change === latest.current) setSettings(answer);
			void showToast('success', t('notifications.settings.saved'));
			return {};
		} catch (error) {
			if (change === latest.current) setSettings(confirmed.current);
			const fields = error instanceof ApiError ? error.fields : {};
			const [fieldError] = Object.values(fields);
			const message = fieldError
				? t(fieldError as 'notifications.settings.saveFailed')
				: error instanceof ApiError && error.message
					? error.message
					: t('notifications.settings.saveFailed');
			void showToast('error', message);
			return fields;
		}
	}

	return { settings, save };
}
