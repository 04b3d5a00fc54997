/** The shipping form while it is being filled in: what was typed, and how it becomes the input. */
import type { Area } from '~/features/areas/areas';
import { type OwnProfile } from '~/features/profiles/profiles';
import { phoneLocalDigits } from '~/lib/phone';
import type { RateOption, ShippingFormInput } from './shipping';

/** What the receiver typed or chose; the province, city and district come from `area`. */
export interface ShippingDraft {
	recipientName: string;
	/** The digits after +62, as the phone field keeps them. */
	phoneDigits: string;
	area: { id: string; name: string; area?: Area } | null;
	village: string;
	/** Null until typed: the chosen district's own postal code stands in. */
	postalCode: string | null;
	address: string;
}

/** The form filled in from the receiver's profile (name, phone, district and address). */
export function draftFromProfile(profile: OwnProfile | null | undefined): ShippingDraft {
	return {
		recipientName: profile?.name ?? '',
		phoneDigits: profile?.phone ? phoneLocalDigits(profile.phone) : '',
		area:
			profile?.areaId && profile.areaName ? { id: profile.areaId, name: profile.areaName } : null,
		village: '',
		postalCode: null,
		address: profile?.address ?? '',
	};
}

/** The postal code shown: the typed one, else the district's own when the directory knows it. */
export function postalCodeOf(draft: ShippingDraft, area: Area | undefined): string {
	return draft.postalCode ?? area?.postal_code ?? '';
}

/** The input `shippingFormSchema` checks, from the draft, the district's record and the choices. */
export function shippingInput(
	draft: ShippingDraft,
	area: Area | undefined,
	choice: {
		rate: Pick<RateOption, 'courierCode' | 'serviceCode'> | null;
		insurance: boolean;
		quantity: number;
	},
): ShippingFormInput {
	return {
		recipientName: draft.recipientName,
		recipientPhone: draft.phoneDigits ? `+62${draft.phoneDigits}` : '',
		areaId: draft.area?.id ?? '',
		province: area?.administrative_division_level_1_name ?? '',
		city: area?.administrative_division_level_2_name ?? '',
		district: area?.administrative_division_level_3_name ?? '',
		village: draft.village,
		postalCode: postalCodeOf(draft, area),
		address: draft.address,
		courierCode: choice.rate?.courierCode ?? '',
		serviceCode: choice.rate?.serviceCode ?? '',
		insurance: choice.insurance,
		quantity: choice.quantity,
	};
}
