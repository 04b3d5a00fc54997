import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Item } from '~/features/items/items';
import { uploadsDir } from '~/server/config';
import type { TestServer, TestUser } from './test-server';

export const megabyte = 1024 * 1024;

/** The item form's text fields, all valid, as a browser sends them (text). */
export function validFields(overrides: Record<string, string | undefined> = {}) {
	return {
		name: 'Kursi kayu jati',
		description: 'Kursi kayu jati, masih kokoh dan nyaman dipakai.',
		weight: '4.5',
		length: '45',
		width: '45',
		height: '90',
		quantity: '2',
		condition: 'used',
		...overrides,
	};
}

/**
 * The multipart body of `POST /items` and `PUT /items/{id}`: text fields (an `undefined`
 * value leaves the field out), photos under `files`, and extra fields such as the token.
 */
export function itemForm(
	fields: Record<string, string | undefined>,
	files: readonly File[] = [],
	extra: Record<string, string> = {},
): FormData {
	const form = new FormData();
	for (const [name, value] of Object.entries({ ...fields, ...extra })) {
		if (value !== undefined) form.append(name, value);
	}
	for (const file of files) form.append('files', file);
	return form;
}

export function fileOf(bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg'): File {
	return new File([new Uint8Array(bytes)], name, { type });
}

let colour = 0;

/** A small, valid JPEG; each call gives different bytes. */
export async function jpegBytes(width = 64, height = 48): Promise<Buffer> {
	colour = (colour + 37) % 256;
	return sharp({
		create: {
			width,
			height,
			channels: 3,
			background: { r: colour, g: 90, b: 200 - (colour % 200) },
		},
	})
		.jpeg()
		.toBuffer();
}

export async function jpegFile(name = 'photo.jpg'): Promise<File> {
	return fileOf(await jpegBytes(), name);
}

/** A photo full of detail, so that its JPEG is large enough to cut in half mid-scan. */
export async function noisyJpegBytes(width = 640, height = 480): Promise<Buffer> {
	return sharp({
		create: {
			width,
			height,
			channels: 3,
			background: '#000',
			noise: { type: 'gaussian', mean: 128, sigma: 40 },
		},
	})
		.jpeg({ quality: 90 })
		.toBuffer();
}

/** A token from the simulated human verification, as the add-item page gets one. */
export async function verificationToken(test: TestServer, user: TestUser): Promise<string> {
	const response = await test.request('/verification/simulated', { method: 'POST', user });
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: { token: string } }).data.token;
}

/** `POST /items` with a fresh verification token. */
export async function postItem(
	test: TestServer,
	user: TestUser,
	fields: Record<string, string | undefined>,
	files: readonly File[],
	headers: Record<string, string> = {},
): Promise<Response> {
	const token = await verificationToken(test, user);
	return test.request('/items', {
		method: 'POST',
		user,
		headers,
		body: itemForm(fields, files, { verificationToken: token }),
	});
}

/** `PUT /items/{id}`. */
export function putItem(
	test: TestServer,
	user: TestUser | null,
	id: number,
	fields: Record<string, string | undefined>,
	files: readonly File[] = [],
	extra: Record<string, string> = {},
	headers: Record<string, string> = {},
): Promise<Response> {
	return test.request(`/items/${id}`, {
		method: 'PUT',
		user,
		headers,
		body: itemForm(fields, files, extra),
	});
}

/** An item listed by `user` (who needs a complete profile), with one photo unless told. */
export async function createItemFor(
	test: TestServer,
	user: TestUser,
	overrides: Record<string, string> = {},
	photos = 1,
): Promise<Item> {
	const files = await Promise.all(Array.from({ length: photos }, () => jpegFile()));
	const response = await postItem(test, user, validFields(overrides), files);
	const body = await response.json();
	expect(response.status, JSON.stringify(body)).toBe(201);
	return body.data as Item;
}

export async function toggleItem(test: TestServer, user: TestUser, id: number): Promise<Item> {
	const response = await test.request(`/items/${id}/toggle-status`, { method: 'PATCH', user });
	const body = await response.json();
	expect(response.status, JSON.stringify(body)).toBe(200);
	return body.data as Item;
}

/** `GET /items/{id}` as `user` (signed out by default); `null` when it answers 404. */
export async function getItem(
	test: TestServer,
	id: number,
	user: TestUser | null = null,
): Promise<Item | null> {
	const response = await test.request(`/items/${id}`, { user });
	if (response.status === 404) return null;
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: Item }).data;
}

export async function myItems(test: TestServer, user: TestUser): Promise<Item[]> {
	const response = await test.request('/items/my-items', { user });
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: Item[] }).data;
}

export interface ErrorBody {
	error: { code: string; message: string; fields?: Record<string, string>; requestId: string };
}

/** Checks the error envelope (docs/product-rules.md#error-envelope) and returns it. */
export async function expectError(
	response: Response,
	status: number,
	code: string,
	fields?: Record<string, string>,
): Promise<ErrorBody['error']> {
	const text = await response.text();
	const body = JSON.parse(text) as ErrorBody;
	expect({ status: response.status, code: body.error?.code }, text).toEqual({ status, code });
	expect(body.error.message).toEqual(expect.any(String));
	expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
	if (fields) expect(body.error.fields).toEqual(fields);
	return body.error;
}

/** Every stored item photo file, relative to the uploads folder, sorted. */
export function storedItemFiles(test: TestServer): string[] {
	const root = uploadsDir(test.server.config);
	const folder = join(root, 'items');
	if (!existsSync(folder)) return [];
	return readdirSync(folder, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => relative(root, join(entry.parentPath, entry.name)))
		.sort();
}

/** The storage keys of every variant of every photo of `item`, from `photos[].srcset`. */
export function photoKeys(item: Pick<Item, 'photos'>): string[] {
	return item.photos.flatMap((photo) =>
		photo.srcset.split(',').map((entry) => {
			const url = entry.trim().split(/\s+/)[0]!;
			expect(url).toMatch(/^\/media\//);
			return url.slice('/media/'.length);
		}),
	);
}
