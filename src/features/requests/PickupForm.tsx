import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiFetch } from '~/lib/api-client';
import { useHydrated } from '~/lib/hydrated';
import { jakartaInputValue } from './pickup';
import { emptyPickupDraft, PickupFields, pickupFieldsOf, type PickupDraft } from './PickupFields';
import type { ItemRequest } from './requests';

/**
 * The donor sets or changes the pickup time of a reservation (`PUT /api/requests/{id}/pickup`);
 * `onSaved` reads the item's requests again.
 */
export function PickupForm({ request, onSaved }: { request: ItemRequest; onSaved: () => void }) {
	const { t } = useTranslation();
	const id = useId();
	const hydrated = useHydrated();
	const { pickup } = request;
	const [draft, setDraft] = useState<PickupDraft>(
		pickup
			? {
					from: jakartaInputValue(pickup.from),
					until: jakartaInputValue(pickup.until),
					place: pickup.place ?? '',
				}
			: emptyPickupDraft,
	);
	const [saving, setSaving] = useState(false);
	const [errors, setErrors] = useState<Record<string, string>>({});
	const [outcome, setOutcome] = useState<string | null>(null);

	async function save() {
		setSaving(true);
		setErrors({});
		setOutcome(null);
		try {
			await apiFetch<ItemRequest>(`/requests/${request.id}/pickup`, {
				method: 'PUT',
				body: JSON.stringify(pickupFieldsOf(draft)),
			});
			setOutcome(t('pickup.saved'));
			onSaved();
		} catch (error) {
			if (error instanceof ApiError && Object.keys(error.fields).length > 0)
				setErrors(error.fields);
			else
				setOutcome(error instanceof ApiError && error.message ? error.message : t('pickup.failed'));
		} finally {
			setSaving(false);
		}
	}

	return (
		<details className="rounded-field border border-base-300 px-3 py-2">
			<summary className="cursor-pointer text-sm font-semibold">
				{t(pickup ? 'pickup.change' : 'pickup.set')}
			</summary>
			<form
				className="mt-2 grid gap-2"
				onSubmit={(event) => {
					event.preventDefault();
					void save();
				}}
			>
				<PickupFields
					id={id}
					draft={draft}
					disabled={saving || !hydrated}
					errors={errors}
					onChange={setDraft}
				/>
				<button
					type="submit"
					className="btn btn-sm btn-primary self-start"
					disabled={saving || !hydrated}
				>
					{saving ? t('pickup.saving') : t('pickup.save')}
				</button>
				<p role="status" className="text-sm">
					{outcome}
				</p>
			</form>
		</details>
	);
}
