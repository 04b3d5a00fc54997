/** Items for journeys that need some: listed through the API, as the donate form lists them. */
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Item } from '../../../src/features/items/items';
import { expect, siteOrigin } from './accounts';

/**
 * A camera-sized photo (1600×1200, so that every stored width exists) with a light square in its
 * middle; `index` gives each photo its own colour.
 */
async function photo(index: number): Promise<File> {
	const shade = (index * 53) % 200;
	const bytes = await sharp({
		create: { width: 1600, height: 1200, channels: 3, background: { r: shade, g: 110, b: 90 } },
	})
		.composite([
			{
				input: { create: { width: 600, height: 600, channels: 3, background: '#f4e2b8' } },
				gravity: 'centre',
			},
		])
		.jpeg()
		.toBuffer();
	return new File([new Uint8Array(bytes)], `foto-${index + 1}.jpg`, { type: 'image/jpeg' });
}

/**
 * Lists `quantity` of an item with `photos` photos as the donor signed in on `donor` (complete
 * profile): a browser page, or a client without a browser (`support/clients.ts`).
 */
export async function listItem(
	donor: Page | APIRequestContext,
	name: string,
	photos = 1,
	quantity = 1,
): Promise<Item> {
	const browser = 'request' in donor;
	const request = browser ? donor.request : donor;
	// A browser's own POST says where it comes from; the site refuses writes that do not. A page
	// that has opened the site (outside Playwright's runner too) names it itself.
	const opened = browser && donor.url().startsWith('http') ? new URL(donor.url()).origin : null;
	const headers = { Origin: opened ?? siteOrigin() };
	const verification = await request.post('/api/verification/simulated', { headers });
	expect(verification.status()).toBe(200);
	const { token } = ((await verification.json()) as { data: { token: string } }).data;
	const form = new FormData();
	const fields = {
		name,
		description: 'Masih bagus dan layak pakai, tinggal diambil.',
		condition: 'likeNew',
		weight: '2',
		length: '40',
		width: '30',
		height: '20',
		quantity: String(quantity),
		category: 'household',
		verificationToken: token,
	};
	for (const [key, value] of Object.entries(fields)) form.append(key, value);
	for (let index = 0; index < photos; index += 1) form.append('files', await photo(index));
	const response = await request.post('/api/items', { headers, multipart: form });
	expect(response.status(), await response.text()).toBe(201);
	return ((await response.json()) as { data: Item }).data;
}
