/**
 * What the item forms send (`POST /api/items`, `PUT /api/items/{id}` as multipart) and how a
 * failed save maps to messages, per docs/product-rules.md#form-error-messages.
 */
import { ApiError } from '~/lib/api-client';
import type { ValidItem } from '../item-schemas';
import {
	type ItemFieldErrors,
	type ItemFormField,
	type ItemFormMode,
	itemFormFields,
} from './item-form';

/** Everything one save sends besides the text fields. */
export interface ItemUpload {
	/** New photos, already checked and resized. */
	files: readonly File[];
	/** Saved photo URLs to delete (edit only). */
	deletedImages?: readonly string[];
	/** The human verification token (add only). */
	verificationToken?: string;
}

/** The multipart body of a save: the fields given, as text, `files` repeated, the deletions as JSON. */
export function itemFormData(payload: ValidItem, upload: ItemUpload): FormData {
	const body = new FormData();
	for (const [name, value] of Object.entries(payload)) {
		// An edit may leave the condition unsaid: the saved one stays.
		if (value !== undefined) body.append(name, String(value));
	}
	for (const file of upload.files) body.append('files', file, file.name);
	if (upload.deletedImages) body.append('deletedImages', JSON.stringify(upload.deletedImages));
	if (upload.verificationToken) body.append('verificationToken', upload.verificationToken);
	return body;
}

/** The message of a failed save (a translation key or the server's own text) and field errors. */
export interface ItemSaveFailure {
	message: { key: string } | { text: string };
	fields: ItemFieldErrors;
}

/** Server field names that belong to the photo picker. */
const photoFieldNames = new Set(['files', 'images', 'deletedImages']);

/** The form field a server field name belongs to; per-photo names read `files.2`. */
function formField(name: string): ItemFormField | null {
	if (photoFieldNames.has(name.split('.')[0] ?? '')) return 'files';
	return (itemFormFields as readonly string[]).includes(name) ? (name as ItemFormField) : null;
}

/**
 * Maps a failed save to what the form shows: the server's message if it sent one, else the
 * generic 'Failed to create item' / 'Failed to update item'; its field errors under the fields;
 * photo problems under the photo picker. A lost connection during the upload reads as
 * 'Failed to upload images'.
 */
export function itemSaveFailure(mode: ItemFormMode, error: unknown): ItemSaveFailure {
	const api = error instanceof ApiError ? error : null;
	const fields: ItemFieldErrors = {};
	for (const [name, key] of Object.entries(api?.fields ?? {})) {
		const field = formField(name);
		if (field && !fields[field]) fields[field] = key;
	}
	switch (api?.code) {
		case 'INVALID_IMAGE_FORMAT':
			fields.files = 'form.errors.imageType';
			break;
		case 'IMAGE_TOO_LARGE':
			fields.files = 'form.errors.imageTooLarge';
			break;
		case 'TOO_MANY_IMAGES':
			fields.files = 'form.errors.imagesMax';
			break;
		case 'NETWORK_ERROR':
			return { message: { key: 'itemForm.errors.uploadFailed' }, fields };
	}
	const generic = mode === 'add' ? 'itemForm.add.failed' : 'itemForm.edit.failed';
	return { message: api?.message ? { text: api.message } : { key: generic }, fields };
}
