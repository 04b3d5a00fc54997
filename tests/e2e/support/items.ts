/** Items for journeys that need one listed: made through the API, as the signed-in donor. */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Item } from '../../../src/features/items/items';
import { expect } from './accounts';

/** A JPEG of one colour, as a file for a multipart form. */
async function photo(name: string, background: { r: number; g: number; b: number }) {
	const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
		.jpeg()
		.toBuffer();
	return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
}

/** Lists an item with one photo through the API, as the signed-in donor of `page`. */
export async function listItem(page: Page, baseURL: string, name: string): Promise<Item> {
	const headers = { Origin: baseURL };
	const verification = await page.request.post('/api/verification/simulated', { headers });
	expect(verification.ok()).toBe(true);
	const { token } = ((await verification.json()) as { data: { token: string } }).data;
	const form = new FormData();
	const fields = {
		name,
		description: 'Lemari pakaian dua pintu, kayu jati, masih kokoh.',
		weight: '30',
		length: '90',
		width: '50',
		height: '180',
		quantity: '1',
		category: 'furniture',
		verificationToken: token,
	};
	for (const [key, value] of Object.entries(fields)) form.append(key, value);
	form.append('files', await photo('depan.jpg', { r: 150, g: 100, b: 60 }));
	const response = await page.request.post('/api/items', { headers, multipart: form });
	expect(response.status(), await response.text()).toBe(201);
	return ((await response.json()) as { data: Item }).data;
}
