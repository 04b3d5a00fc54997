import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Item } from '~/features/items/items';
import {
	createItemFor,
	expectError,
	getItem,
	itemForm,
	jpegFile,
	myItems,
	postItem,
	putItem,
	storedItemFiles,
	validFields,
	verificationToken,
} from '../helpers/items';
import { items } from '~/server/db/schema';
import { describeOnDatabases, type TestUser } from '../helpers/test-server';

type Case = [label: string, change: Record<string, string | undefined>, field: string, key: string];

/** Field values both `POST /items` and `PUT /items/{id}` refuse, with the message key they name. */
const refusedEverywhere: Case[] = [
	['an empty name', { name: '' }, 'name', 'form.errors.itemNameRequired'],
	['a name of spaces only', { name: '   ' }, 'name', 'form.errors.itemNameRequired'],
	['no name at all', { name: undefined }, 'name', 'form.errors.itemNameRequired'],
	['a 2-character name', { name: 'Ku' }, 'name', 'form.errors.itemNameMin'],
	['a 2-character name padded with spaces', { name: '  Ku  ' }, 'name', 'form.errors.itemNameMin'],
	['a 101-character name', { name: 'k'.repeat(101) }, 'name', 'form.errors.itemNameMax'],
	['an empty description', { description: '' }, 'description', 'form.errors.descriptionRequired'],
	[
		'a 9-character description',
		{ description: 'd'.repeat(9) },
		'description',
		'form.errors.descriptionMin',
	],
	[
		'a 1001-character description',
		{ description: 'd'.repeat(1001) },
		'description',
		'form.errors.descriptionMax',
	],
	['a weight of 0', { weight: '0' }, 'weight', 'form.errors.weightMin'],
	['a negative weight', { weight: '-1' }, 'weight', 'form.errors.weightMin'],
	['a weight of 100.1', { weight: '100.1' }, 'weight', 'form.errors.weightMax'],
	['a weight in words', { weight: 'berat' }, 'weight', 'form.errors.weightRequired'],
	// The inputs step by 0.1: the API holds the same rule as the form.
	['a weight of 4.55', { weight: '4.55' }, 'weight', 'itemForm.errors.oneDecimal'],
	['a weight with a decimal comma', { weight: '4,5' }, 'weight', 'form.errors.weightRequired'],
	['an infinite weight', { weight: 'Infinity' }, 'weight', 'form.errors.weightRequired'],
	['an empty weight', { weight: '' }, 'weight', 'form.errors.weightRequired'],
	['no weight at all', { weight: undefined }, 'weight', 'form.errors.weightRequired'],
	...(['length', 'width', 'height'] as const).flatMap((field): Case[] => [
		[`a ${field} of 300.1`, { [field]: '300.1' }, field, `form.errors.${field}Max`],
		[`a ${field} in words`, { [field]: 'abc' }, field, `form.errors.${field}Required`],
		[`a ${field} of 12.25`, { [field]: '12.25' }, field, 'itemForm.errors.oneDecimal'],
		[`an empty ${field}`, { [field]: '' }, field, `form.errors.${field}Required`],
	]),
	['a quantity of 0', { quantity: '0' }, 'quantity', 'form.errors.quantityMin'],
	['a quantity of 101', { quantity: '101' }, 'quantity', 'form.errors.quantityMax'],
	['a quantity of 1.5', { quantity: '1.5' }, 'quantity', 'form.errors.quantityInteger'],
	['a quantity in words', { quantity: 'dua' }, 'quantity', 'form.errors.quantityRequired'],
	['an empty quantity', { quantity: '' }, 'quantity', 'form.errors.quantityRequired'],
	['an unknown category', { category: 'toys' }, 'category', 'form.errors.categoryInvalid'],
	[
		'an unknown condition',
		{ condition: 'broken' },
		'condition',
		'itemForm.errors.conditionInvalid',
	],
	[
		'a condition in other case',
		{ condition: 'NEW' },
		'condition',
		'itemForm.errors.conditionInvalid',
	],
	// No text in the database can hold NUL (U+0000): it is invalid input, never a 500.
	[
		'a NUL character in the name',
		{ name: 'Kursi\u0000 kayu' },
		'name',
		'form.errors.invalidCharacter',
	],
	['a name that is only NUL', { name: '\u0000' }, 'name', 'form.errors.invalidCharacter'],
	[
		'a NUL character in the description',
		{ description: 'Kursi kayu jati,\u0000 masih kokoh.' },
		'description',
		'form.errors.invalidCharacter',
	],
	[
		'a NUL character in the category',
		{ category: 'other\u0000' },
		'category',
		'form.errors.categoryInvalid',
	],
];

/**
 * Dimensions start at 1 cm on add (0.1 cm on the edit form, see below); a new listing says its
 * condition.
 */
const refusedOnCreate: Case[] = [
	...(['length', 'width', 'height'] as const).map((field): Case => [
		`a ${field} of 0.9`,
		{ [field]: '0.9' },
		field,
		`form.errors.${field}Min`,
	]),
	['no condition', { condition: undefined }, 'condition', 'itemForm.errors.conditionRequired'],
	['an empty condition', { condition: '' }, 'condition', 'itemForm.errors.conditionRequired'],
];

/** The edit form goes down to 0.1 cm for dimensions (docs/product-rules.md#item-limits), so the API does too. */
const refusedOnUpdate: Case[] = (['length', 'width', 'height'] as const).map((field) => [
	`a ${field} of 0.09`,
	{ [field]: '0.09' },
	field,
	'itemForm.errors.dimensionMinEdit',
]);

const lowerBounds = {
	condition: 'new',
	name: 'Buk',
	description: 'd'.repeat(10),
	weight: '0.1',
	length: '1',
	width: '1',
	height: '1',
	quantity: '1',
};

const upperBounds = {
	condition: 'needsRepair',
	name: 'n'.repeat(100),
	description: 'd'.repeat(1000),
	weight: '100',
	length: '300',
	width: '300',
	height: '300',
	quantity: '100',
};

/** What the API gives back for the form values `fields`. */
function expectFields(item: Item, fields: Record<string, string>) {
	expect(item).toMatchObject({
		name: fields['name']!.trim(),
		description: fields['description']!.trim(),
		weight: Number(fields['weight']),
		length: Number(fields['length']),
		width: Number(fields['width']),
		height: Number(fields['height']),
		quantity: Number(fields['quantity']),
		condition: fields['condition'],
	});
}

describeOnDatabases('Item rules', (use) => {
	afterEach(() => {
		vi.restoreAllMocks();
	});

	const donor = () => use().createUser({ complete: true });

	/** Sends a create, expects the error, and checks that no item and no file appeared. */
	async function expectCreateRefused(
		user: TestUser,
		send: () => Promise<Response>,
		status: number,
		code: string,
		fields?: Record<string, string>,
	) {
		const items = await myItems(use(), user);
		const files = storedItemFiles(use());
		const error = await expectError(await send(), status, code, fields);
		expect(await myItems(use(), user)).toEqual(items);
		expect(storedItemFiles(use())).toEqual(files);
		return error;
	}

	/** Sends an update, expects the error, and checks that the item and the files are unchanged. */
	async function expectUpdateRefused(
		user: TestUser,
		item: Item,
		send: () => Promise<Response>,
		status: number,
		code: string,
		fields?: Record<string, string>,
	) {
		const before = await getItem(use(), item.id, user);
		const files = storedItemFiles(use());
		const error = await expectError(await send(), status, code, fields);
		expect(await getItem(use(), item.id, user)).toEqual(before);
		expect(storedItemFiles(use())).toEqual(files);
		return error;
	}

	describe('POST /items', () => {
		it.each([...refusedEverywhere, ...refusedOnCreate])(
			'refuses %s with 400 VALIDATION_ERROR naming the field, storing nothing',
			async (_, change, field, key) => {
				const user = await donor();
				const files = [await jpegFile()];
				await expectCreateRefused(
					user,
					() => postItem(use(), user, validFields(change), files),
					400,
					'VALIDATION_ERROR',
					{ [field]: key },
				);
			},
		);

		it('refuses an item without photos with 400 VALIDATION_ERROR on files', async () => {
			const user = await donor();
			await expectCreateRefused(
				user,
				() => postItem(use(), user, validFields(), []),
				400,
				'VALIDATION_ERROR',
				{ files: 'form.errors.imagesRequired' },
			);
		});

		it('does not take text sent under files for a photo', async () => {
			const user = await donor();
			const token = await verificationToken(use(), user);
			const form = itemForm(validFields(), [], { verificationToken: token, files: 'photo.jpg' });
			await expectCreateRefused(
				user,
				() => use().request('/items', { method: 'POST', user, body: form }),
				400,
				'VALIDATION_ERROR',
				{ files: 'form.errors.imagesRequired' },
			);
		});

		it('names every bad field at once, one message key each', async () => {
			const user = await donor();
			const files = [await jpegFile()];
			const fields = { name: 'Ku', description: '', weight: '0', length: '0.9', quantity: '1.5' };
			await expectCreateRefused(
				user,
				() => postItem(use(), user, validFields(fields), files),
				400,
				'VALIDATION_ERROR',
				{
					name: 'form.errors.itemNameMin',
					description: 'form.errors.descriptionRequired',
					weight: 'form.errors.weightMin',
					length: 'form.errors.lengthMin',
					quantity: 'form.errors.quantityInteger',
				},
			);
		});

		it('accepts every lower bound', async () => {
			const user = await donor();
			const item = await createItemFor(use(), user, lowerBounds);
			expectFields(item, lowerBounds);
			expect(item).toMatchObject({ category: 'other', status: 'AVAILABLE', donatedAt: null });
			// The donor's own list also counts the item's requests: none yet.
			expect(await myItems(use(), user)).toEqual([{ ...item, requestCounts: { open: 0, new: 0 } }]);
		});

		it('accepts every upper bound', async () => {
			const user = await donor();
			const item = await createItemFor(use(), user, upperBounds);
			expectFields(item, upperBounds);
		});

		it('trims the name and description and keeps the chosen category', async () => {
			const user = await donor();
			const item = await createItemFor(use(), user, {
				name: '  Rak buku  ',
				description: '  Rak buku tiga susun.  ',
				category: 'books',
			});
			expect(item).toMatchObject({
				name: 'Rak buku',
				description: 'Rak buku tiga susun.',
				category: 'books',
			});
		});
	});

	describe('POST /items human verification', () => {
		async function expectTokenRefused(user: TestUser, form: FormData, key: string) {
			await expectCreateRefused(
				user,
				() => use().request('/items', { method: 'POST', user, body: form }),
				400,
				'VALIDATION_ERROR',
				{ verificationToken: key },
			);
		}

		it('tells the browser to use the simulated challenge', async () => {
			const response = await use().request('/verification/config');
			expect(response.status).toBe(200);
			expect((await response.json()).data).toEqual({ mode: 'simulated' });
		});

		it('refuses a create without a token, storing nothing', async () => {
			const user = await donor();
			const form = itemForm(validFields(), [await jpegFile()]);
			await expectTokenRefused(user, form, 'itemForm.verification.required');
		});

		it.each([
			['a made-up token', () => 'i-am-human'],
			['an empty signature', (token: string) => `${token.slice(0, token.lastIndexOf('.'))}.`],
			[
				'a changed signature',
				(token: string) => `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
			],
			[
				'a later expiry under the same signature',
				(token: string) =>
					`${Number(token.split('.')[0]) + 3_600_000}.${token.split('.').slice(1).join('.')}`,
			],
		])('refuses %s, storing nothing', async (_, forge) => {
			const user = await donor();
			const token = forge(await verificationToken(use(), user));
			const form = itemForm(validFields(), [await jpegFile()], { verificationToken: token });
			await expectTokenRefused(user, form, 'itemForm.verification.failed');
		});

		it('refuses a token that has expired', async () => {
			const user = await donor();
			const issue = use().server.humanVerifier.issueSimulatedToken!;
			vi.spyOn(Date, 'now').mockReturnValue(Date.now() - 6 * 60_000);
			const token = await issue(user.id);
			vi.restoreAllMocks();
			const form = itemForm(validFields(), [await jpegFile()], { verificationToken: token });
			await expectTokenRefused(user, form, 'itemForm.verification.failed');
		});

		it('creates the item with a token from the simulated challenge', async () => {
			const user = await donor();
			const token = await verificationToken(use(), user);
			const form = itemForm(validFields(), [await jpegFile()], { verificationToken: token });
			const response = await use().request('/items', { method: 'POST', user, body: form });
			expect(response.status).toBe(201);
			const item = (await response.json()).data as Item;
			expect(item).toMatchObject({ name: 'Kursi kayu jati', donorId: user.id });
			// The donor's own list also counts the item's requests: none yet.
			expect(await myItems(use(), user)).toEqual([{ ...item, requestCounts: { open: 0, new: 0 } }]);
		});
	});

	describe('PUT /items/{id}', () => {
		it.each([...refusedEverywhere, ...refusedOnUpdate])(
			'refuses %s with 400 VALIDATION_ERROR naming the field, changing nothing',
			async (_, change, field, key) => {
				const user = await donor();
				const item = await createItemFor(use(), user);
				const files = [await jpegFile()];
				await expectUpdateRefused(
					user,
					item,
					() => putItem(use(), user, item.id, validFields(change), files),
					400,
					'VALIDATION_ERROR',
					{ [field]: key },
				);
			},
		);

		it('answers an item id with a NUL character with 400 VALIDATION_ERROR naming it, changing nothing', async () => {
			const user = await donor();
			const item = await createItemFor(use(), user);
			const invalid = { id: 'form.errors.invalidCharacter' };
			const paths: [string, string][] = [
				['GET', `/items/${item.id}%00`],
				['PUT', `/items/${item.id}%00`],
				['DELETE', `/items/%00${item.id}`],
				['PATCH', `/items/${item.id}%00/toggle-status`],
			];
			for (const [method, path] of paths) {
				const body = method === 'PUT' ? itemForm(validFields({ name: 'Kursi baru' })) : null;
				const response = await use().request(path, { method, user, body });
				await expectError(response, 400, 'VALIDATION_ERROR', invalid);
			}
			expect(await getItem(use(), item.id, user)).toEqual(item);
		});

		it('accepts every lower bound, with dimensions down to 0.1 cm as the edit form allows', async () => {
			const user = await donor();
			const item = await createItemFor(use(), user);
			const fields = { ...lowerBounds, length: '0.1', width: '0.5', height: '0.9' };
			const response = await putItem(use(), user, item.id, fields);
			expect(response.status).toBe(200);
			const updated = (await response.json()).data as Item;
			expectFields(updated, fields);
			expect(await getItem(use(), item.id, user)).toEqual(updated);
		});

		it('accepts every upper bound and a new category', async () => {
			const user = await donor();
			const item = await createItemFor(use(), user);
			const response = await putItem(use(), user, item.id, { ...upperBounds, category: 'kids' });
			expect(response.status).toBe(200);
			const updated = (await response.json()).data as Item;
			expectFields(updated, upperBounds);
			expect(updated.category).toBe('kids');
			expect(updated.images).toEqual(item.images);
			expect(await getItem(use(), item.id, user)).toEqual(updated);
		});

		it('changes the condition, and keeps the saved one when none is sent', async () => {
			const user = await donor();
			const item = await createItemFor(use(), user, { condition: 'likeNew' });
			expect(item.condition).toBe('likeNew');
			const changed = await putItem(use(), user, item.id, validFields({ condition: 'used' }));
			expect(changed.status).toBe(200);
			expect(((await changed.json()).data as Item).condition).toBe('used');
			const unsaid = await putItem(use(), user, item.id, validFields({ condition: undefined }));
			expect(unsaid.status).toBe(200);
			expect(((await unsaid.json()).data as Item).condition).toBe('used');
			expect((await getItem(use(), item.id, user))?.condition).toBe('used');
		});

		it('saves an item listed before conditions were asked without one, and lets it get one', async () => {
			const user = await donor();
			const item = await createItemFor(use(), user);
			await use().server.db.update(items).set({ condition: null }).where(eq(items.id, item.id));
			expect((await getItem(use(), item.id, user))?.condition).toBeNull();
			const fields = validFields({ condition: undefined, name: 'Kursi lama' });
			const kept = await putItem(use(), user, item.id, fields);
			expect(kept.status).toBe(200);
			expect((await kept.json()).data).toMatchObject({ name: 'Kursi lama', condition: null });
			const given = await putItem(use(), user, item.id, { ...fields, condition: 'new' });
			expect(((await given.json()).data as Item).condition).toBe('new');
		});
	});
});
