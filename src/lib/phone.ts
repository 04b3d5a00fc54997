/**
 * Indonesian WhatsApp numbers as the forms take them (the profile's and the courier recipient's):
 * typed after a fixed +62, shown in groups, stored as `+62…`. Safe in the browser.
 */
import { profileLimits } from '~/config/limits';

/** A WhatsApp number of Indonesia: +62, a digit 1–9, then 9 to 11 digits. */
export const phonePattern = /^\+62[1-9]\d{9,11}$/;

/**
 * Normalizes what people type into `+62…`: spaces and dashes dropped, a leading 0 or 62
 * becomes +62, and +62 is prepended when missing.
 */
export function normalizePhone(input: string): string {
	const digits = input.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
	if (digits.startsWith('+')) return digits;
	if (digits.startsWith('62')) return `+${digits}`;
	if (digits.startsWith('0')) return `+62${digits.slice(1)}`;
	return digits ? `+62${digits}` : '';
}

/** The digits after +62, as typed in the phone field (at most 12). */
export function phoneLocalDigits(phone: string): string {
	return normalizePhone(phone)
		.replace(/^\+62/, '')
		.replace(/\D/g, '')
		.slice(0, profileLimits.phoneMaxDigits);
}

/** `81234567890` → `812-3456-7890`: groups of 3, 4, 4 and the rest, as the field shows them. */
export function formatPhoneDigits(digits: string): string {
	return [digits.slice(0, 3), digits.slice(3, 7), digits.slice(7, 11), digits.slice(11)]
		.filter(Boolean)
		.join('-');
}
