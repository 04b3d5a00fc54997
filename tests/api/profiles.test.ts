import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploadsDir } from '~/server/config';
import {
	describeOnDatabases,
	type TestUser,
	testOrigin,
	uniquePhone,
} from '../helpers/test-server';

const kebayoranBaru = {
	id: '31.74.07',
	name: 'Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta',
};

/** A profile `PUT /profile` accepts, with a phone nobody uses yet. */
function validInput(overrides: Record<string, unknown> = {}) {
	return {
		name: 'Siti Rahma',
		phone: uniquePhone(),
		address: 'Jl. Melati No. 5, RT 02/RW 03',
		areaId: kebayoranBaru.id,
		...overrides,
	};
}

/** The digits after +62 of a phone in `+62…` form. */
const localDigits = (phone: string) => phone.slice(3);

function dataUrl(bytes: Uint8Array, type = 'image/png'): string {
	return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}

const solid = (width: number, height: number, background = '#c00') =>
	sharp({ create: { width, height, channels: 3, background } });

const noisy = (width: number, height: number) =>
	sharp({
		create: {
			width,
			height,
			channels: 3,
			background: '#000',
			noise: { type: 'gaussian', mean: 128, sigma: 40 },
		},
	});

const megabyte = 1024 * 1024;

interface ErrorBody {
	error: { code: string; message: string; fields?: Record<string, string>; requestId: string };
}

describeOnDatabases('Profiles API', (use) => {
	function put(
		user: TestUser | null,
		body: unknown,
		headers: Record<string, string> = {},
	): Promise<Response> {
		return use().request('/profile', {
			method: 'PUT',
			user,
			headers: { 'Content-Type': 'application/json', ...headers },
			body: typeof body === 'string' ? body : JSON.stringify(body),
		});
	}

	async function check(user: TestUser) {
		const response = await use().request('/profile/check', { user });
		expect(response.status).toBe(200);
		return (await response.json()).data;
	}

	async function expectError(
		response: Response,
		status: number,
		code: string,
		fields?: Record<string, string>,
	): Promise<ErrorBody['error']> {
		const body = (await response.json()) as ErrorBody;
		expect({ status: response.status, code: body.error.code }).toEqual({ status, code });
		expect(body.error.message).toEqual(expect.any(String));
		expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
		if (fields) expect(body.error.fields).toEqual(fields);
		return body.error;
	}

	/** The stored avatar files, to see that a refused request left none behind. */
	function avatarFiles(): string[] {
		const folder = join(uploadsDir(use().server.config), 'avatars');
		return existsSync(folder) ? readdirSync(folder).sort() : [];
	}

	/** Sends `body`, expects the error, and checks that neither the profile nor any file changed. */
	async function expectRefused(
		user: TestUser,
		body: unknown,
		status: number,
		code: string,
		fields?: Record<string, string>,
		headers?: Record<string, string>,
	): Promise<ErrorBody['error']> {
		const before = await check(user);
		const files = avatarFiles();
		const error = await expectError(await put(user, body, headers), status, code, fields);
		expect(await check(user)).toEqual(before);
		expect(avatarFiles()).toEqual(files);
		return error;
	}

	async function saved(user: TestUser, body: unknown) {
		const response = await put(user, body);
		const json = await response.json();
		expect(response.status, JSON.stringify(json)).toBe(200);
		return json.data;
	}

	/**
	 * A complete profile with a stored avatar, as its owner sees it: one that saves again without
	 * sending a photo (a complete profile without one must be sent one).
	 */
	async function userWithAvatar() {
		const user = await use().createUser({ complete: true });
		const png = await solid(64, 64).png().toBuffer();
		const data = await saved(user, validInput({ imageUrl: dataUrl(png) }));
		return { user, imageUrl: data.profile.imageUrl as string, phone: data.profile.phone as string };
	}

	describe('GET /profile/check', () => {
		it('answers 401 UNAUTHORIZED without a session', async () => {
			await expectError(await use().request('/profile/check'), 401, 'UNAUTHORIZED');
		});

		it('answers 401 UNAUTHORIZED for a session that does not exist', async () => {
			const response = await use().request('/profile/check', {
				headers: { Cookie: 'hibahin_session=not-a-real-session' },
			});
			await expectError(response, 401, 'UNAUTHORIZED');
		});

		it('shows a new user as incomplete, with their email and nothing else', async () => {
			const user = await use().createUser();
			const data = await check(user);
			expect(data.isComplete).toBe(false);
			expect(data.userId).toBe(user.id);
			expect(new Date(data.createdAt).toString()).not.toBe('Invalid Date');
			expect(data.profile).toEqual({
				name: null,
				phone: null,
				address: null,
				areaId: null,
				areaName: null,
				imageUrl: null,
				email: `${user.id.slice(0, 8)}@example.com`,
				bio: null,
			});
		});

		it('shows the profile as complete after a valid PUT /profile', async () => {
			const user = await use().createUser();
			const input = validInput({ bio: 'Suka berbagi buku anak.' });
			const data = await saved(user, input);
			expect(data.isComplete).toBe(true);
			const after = await check(user);
			expect(after).toEqual(data);
			expect(after.profile).toMatchObject({
				name: input.name,
				phone: input.phone,
				address: input.address,
				areaId: kebayoranBaru.id,
				areaName: kebayoranBaru.name,
				imageUrl: null,
				bio: 'Suka berbagi buku anak.',
			});
		});
	});

	describe('PUT /profile validation', () => {
		it('answers 401 UNAUTHORIZED without a session and stores nothing', async () => {
			await expectError(await put(null, validInput()), 401, 'UNAUTHORIZED');
		});

		const refused: [string, Record<string, unknown>, string, string][] = [
			['an empty name', { name: '' }, 'name', 'form.errors.nameRequired'],
			['a name of spaces only', { name: '    ' }, 'name', 'form.errors.nameRequired'],
			['a 2-character name', { name: 'Al' }, 'name', 'form.errors.nameMin'],
			['a 2-character name padded with spaces', { name: '  Al  ' }, 'name', 'form.errors.nameMin'],
			['a 51-character name', { name: 'x'.repeat(51) }, 'name', 'form.errors.nameMax'],
			['an empty phone', { phone: '' }, 'phone', 'form.errors.phoneRequired'],
			['9 digits after +62', { phone: '+62812345678' }, 'phone', 'form.errors.phoneInvalid'],
			['13 digits after +62', { phone: '+628123456789012' }, 'phone', 'form.errors.phoneInvalid'],
			['a 0 right after +62', { phone: '+6208123456789' }, 'phone', 'form.errors.phoneInvalid'],
			['a landline number', { phone: '+622150004242' }, 'phone', 'form.errors.phoneInvalid'],
			['a Malaysian number', { phone: '+60123456789' }, 'phone', 'form.errors.phoneInvalid'],
			['letters for a phone', { phone: 'call me maybe' }, 'phone', 'form.errors.phoneInvalid'],
			['a 9-character address', { address: 'Jl. Mawar' }, 'address', 'form.errors.addressMin'],
			[
				'a 201-character address',
				{ address: 'x'.repeat(201) },
				'address',
				'form.errors.addressMax',
			],
			['an empty address', { address: '' }, 'address', 'form.errors.addressRequired'],
			['an empty areaId', { areaId: '' }, 'areaId', 'form.errors.areaRequired'],
			['a 161-character bio', { bio: 'x'.repeat(161) }, 'bio', 'form.errors.bioMax'],
			// Each field names its own problem when it is sent as something other than a text.
			['a number for a bio', { bio: 42 }, 'bio', 'form.errors.notText'],
			['a number for a phone', { phone: 812 }, 'phone', 'form.errors.phoneRequired'],
			['a list for an areaId', { areaId: ['31.74.07'] }, 'areaId', 'form.errors.areaRequired'],
			['a number for an avatar', { imageUrl: 7 }, 'imageUrl', 'form.errors.imageUrlInvalid'],
			[
				'an avatar that is neither a data URL nor a link',
				{ imageUrl: 'javascript:alert(1)' },
				'imageUrl',
				'form.errors.imageUrlInvalid',
			],
			// No text in the database can hold NUL (U+0000): it is invalid input, never a 500.
			...(
				[
					['name', 'Siti\u0000Rahma'],
					['name', '\u0000'],
					['address', 'Jl. Melati No. 5\u0000, RT 02/RW 03'],
					['areaId', '31.74.07\u0000'],
					['bio', 'Suka berbagi\u0000 buku anak.'],
					['imageUrl', '/media/avatars/x\u0000.jpg'],
				] as const
			).map(([field, value]): [string, Record<string, unknown>, string, string] => [
				`a NUL character in the ${field} (${JSON.stringify(value)})`,
				{ [field]: value },
				field,
				'form.errors.invalidCharacter',
			]),
		];

		it.each(refused)(
			'refuses %s with 400 VALIDATION_ERROR naming the field, storing nothing',
			async (_, change, field, key) => {
				const { user } = await userWithAvatar();
				await expectRefused(user, validInput(change), 400, 'VALIDATION_ERROR', { [field]: key });
			},
		);

		it('names every bad field at once, one message key each', async () => {
			const user = await use().createUser({ complete: true });
			await expectRefused(
				user,
				{ name: 'Al', phone: '', address: 'short', areaId: '', bio: 'x'.repeat(200) },
				400,
				'VALIDATION_ERROR',
				{
					name: 'form.errors.nameMin',
					phone: 'form.errors.phoneRequired',
					address: 'form.errors.addressMin',
					areaId: 'form.errors.areaRequired',
					bio: 'form.errors.bioMax',
				},
			);
		});

		it('answers missing or mistyped fields with message keys, not the validator’s own text', async () => {
			const user = await use().createUser({ complete: true });
			await expectRefused(user, {}, 400, 'VALIDATION_ERROR', {
				name: 'form.errors.nameRequired',
				phone: 'form.errors.phoneRequired',
				address: 'form.errors.addressRequired',
				areaId: 'form.errors.areaRequired',
			});
			const error = await expectRefused(
				user,
				validInput({ name: 42, imageUrl: 7 }),
				400,
				'VALIDATION_ERROR',
			);
			expect(error.fields).toEqual({
				name: 'form.errors.nameRequired',
				imageUrl: 'form.errors.imageUrlInvalid',
			});
		});

		it.each([
			['malformed JSON', '{"name": "Siti",'],
			['an empty body', ''],
			['JSON null', 'null'],
			['a JSON array', '[]'],
			['a JSON string', '"Siti Rahma"'],
		])('answers %s with 400 VALIDATION_ERROR and stores nothing', async (_, body) => {
			const user = await use().createUser({ complete: true });
			await expectRefused(user, body, 400, 'VALIDATION_ERROR');
		});

		it('accepts names of 3 and 50 characters and addresses of 10 and 200, trimmed', async () => {
			const { user } = await userWithAvatar();
			const short = await saved(user, validInput({ name: ' Ani ', address: '  Jl. Mawar 1 ' }));
			expect(short.profile).toMatchObject({ name: 'Ani', address: 'Jl. Mawar 1' });
			const long = await saved(
				user,
				validInput({ name: 'n'.repeat(50), address: 'a'.repeat(200) }),
			);
			expect(long.profile).toMatchObject({ name: 'n'.repeat(50), address: 'a'.repeat(200) });
		});

		it('accepts 10 and 12 digits after +62', async () => {
			const local = localDigits(uniquePhone());
			const ten = `+62${local.slice(0, 10)}`;
			const twelve = `+62${local}7`;
			const { user } = await userWithAvatar();
			expect((await saved(user, validInput({ phone: ten }))).profile.phone).toBe(ten);
			expect((await saved(user, validInput({ phone: twelve }))).profile.phone).toBe(twelve);
		});

		it.each([
			['with a leading 0', (local: string) => `0${local}`],
			['with 62 and no plus', (local: string) => `62${local}`],
			['without any prefix', (local: string) => local],
			[
				'grouped with spaces and dashes',
				(local: string) => `+62 ${local.slice(0, 3)}-${local.slice(3, 7)}-${local.slice(7)}`,
			],
		])('stores a phone typed %s as +62…', async (_, typed) => {
			const phone = uniquePhone();
			const user = await use().createUser();
			const data = await saved(user, validInput({ phone: typed(localDigits(phone)) }));
			expect(data.profile.phone).toBe(phone);
			expect((await check(user)).profile.phone).toBe(phone);
		});

		it('keeps a bio, clears it when sent empty, and keeps it when left out', async () => {
			const { user } = await userWithAvatar();
			const input = validInput();
			expect((await saved(user, { ...input, bio: 'x'.repeat(160) })).profile.bio).toBe(
				'x'.repeat(160),
			);
			expect((await saved(user, input)).profile.bio).toBe('x'.repeat(160));
			expect((await saved(user, { ...input, bio: '' })).profile.bio).toBeNull();
		});

		it('ignores fields a client may not set, such as the email, id or stored file', async () => {
			const user = await use().createUser();
			const before = await check(user);
			const data = await saved(user, {
				...validInput(),
				email: 'attacker@evil.example',
				id: randomUUID(),
				userId: randomUUID(),
				avatarKey: '../../etc/passwd',
				areaName: 'Somewhere Else',
			});
			expect(data.userId).toBe(user.id);
			expect(data.profile.email).toBe(before.profile.email);
			expect(data.profile.imageUrl).toBeNull();
			expect(data.profile.areaName).toBe(kebayoranBaru.name);
		});
	});

	describe('PUT /profile phone uniqueness', () => {
		const forms: [string, (phone: string) => string][] = [
			['+62…', (phone) => phone],
			['0…', (phone) => `0${localDigits(phone)}`],
			['62…', (phone) => phone.slice(1)],
			['without a prefix', (phone) => localDigits(phone)],
			['grouped', (phone) => `+62 ${localDigits(phone).replace(/^(\d{3})(\d{4})/, '$1-$2-')}`],
		];

		it.each(forms)(
			'refuses another user’s phone typed as %s with 409 DUPLICATE_PHONE',
			async (_, typed) => {
				const phone = uniquePhone();
				await use().createUser({ complete: true, phone });
				const { user: second } = await userWithAvatar();
				await expectRefused(second, validInput({ phone: typed(phone) }), 409, 'DUPLICATE_PHONE', {
					phone: 'form.errors.phoneInUse',
				});
			},
		);

		it('refuses a taken phone for a user who is completing their profile', async () => {
			const phone = uniquePhone();
			await use().createUser({ complete: true, phone });
			const newcomer = await use().createUser();
			await expectRefused(newcomer, validInput({ phone }), 409, 'DUPLICATE_PHONE', {
				phone: 'form.errors.phoneInUse',
			});
			expect((await check(newcomer)).isComplete).toBe(false);
		});

		it('lets a user save their own phone again, in any form', async () => {
			const { user, phone } = await userWithAvatar();
			const data = await saved(user, validInput({ phone: `0${localDigits(phone)}` }));
			expect(data.profile.phone).toBe(phone);
			expect((await saved(user, validInput({ phone }))).profile.phone).toBe(phone);
		});

		it('frees the old phone when a user changes it', async () => {
			const { user: first, phone: oldPhone } = await userWithAvatar();
			await saved(first, validInput());
			const second = await use().createUser();
			expect((await saved(second, validInput({ phone: oldPhone }))).profile.phone).toBe(oldPhone);
		});
	});

	describe('PUT /profile area', () => {
		it('refuses an unknown area with 422 INVALID_AREA and stores nothing', async () => {
			const { user } = await userWithAvatar();
			await expectRefused(user, validInput({ areaId: '99.99.99' }), 422, 'INVALID_AREA', {
				areaId: 'form.errors.areaInvalid',
			});
		});

		it('stores a district found by the area search, named as the directory names it', async () => {
			const search = await use().request('/shipping/areas/search?q=kebayoran');
			expect(search.status).toBe(200);
			const { areas } = (await search.json()).data as { areas: { id: string; name: string }[] };
			const lama = areas.find((area) => area.name.startsWith('Kebayoran Lama'));
			expect(lama).toBeDefined();
			const user = await use().createUser();
			const data = await saved(user, validInput({ areaId: lama!.id }));
			expect(data.profile).toMatchObject({ areaId: lama!.id, areaName: lama!.name });
			expect((await check(user)).profile).toMatchObject({ areaId: lama!.id, areaName: lama!.name });
		});

		it('does not store a new avatar when the area is refused', async () => {
			const user = await use().createUser({ complete: true });
			const png = await solid(32, 32).png().toBuffer();
			await expectRefused(
				user,
				validInput({ areaId: '99.99.99', imageUrl: dataUrl(png) }),
				422,
				'INVALID_AREA',
			);
		});
	});

	describe('PUT /profile avatar', () => {
		it.each([
			['PNG', 'image/png', () => solid(64, 64).png().toBuffer()],
			['JPEG', 'image/jpeg', () => solid(64, 64).jpeg().toBuffer()],
			['WebP', 'image/webp', () => solid(64, 64).webp().toBuffer()],
		])('stores a small %s as a WebP under /media/avatars/', async (_, type, make) => {
			const user = await use().createUser({ complete: true });
			const data = await saved(user, validInput({ imageUrl: dataUrl(await make(), type) }));
			const imageUrl = data.profile.imageUrl as string;
			expect(imageUrl).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
			expect((await check(user)).profile.imageUrl).toBe(imageUrl);
			const file = await use().server.storage.get(imageUrl.slice('/media/'.length));
			expect(file).not.toBeNull();
			const metadata = await sharp(file!).metadata();
			expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
				format: 'webp',
				width: 64,
				height: 64,
			});
		});

		it('trusts the bytes, not the declared type: a PNG sent as image/jpeg is fine', async () => {
			const user = await use().createUser({ complete: true });
			const png = await solid(40, 40).png().toBuffer();
			const data = await saved(user, validInput({ imageUrl: dataUrl(png, 'image/jpeg') }));
			expect(data.profile.imageUrl).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
		});

		it('strips EXIF, GPS, XMP and ICC metadata from a stored photo', async () => {
			const jpeg = await solid(64, 48, '#0a0')
				.jpeg()
				.withExif({
					IFD0: { Copyright: 'Budi Santoso', Artist: 'Budi Santoso' },
					IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 14/1 0/1' },
				})
				.withIccProfile('p3')
				.withXmp(
					'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Budi Santoso</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
				)
				.toBuffer();
			const input = await sharp(jpeg).metadata();
			expect({ exif: !!input.exif, xmp: !!input.xmp, icc: !!input.icc }).toEqual({
				exif: true,
				xmp: true,
				icc: true,
			});

			const user = await use().createUser({ complete: true });
			const data = await saved(user, validInput({ imageUrl: dataUrl(jpeg, 'image/jpeg') }));
			const file = await use().server.storage.get(data.profile.imageUrl.slice('/media/'.length));
			const stored = await sharp(file!).metadata();
			expect(stored.format).toBe('webp');
			expect(stored.exif).toBeUndefined();
			expect(stored.xmp).toBeUndefined();
			expect(stored.icc).toBeUndefined();
			expect(file!.includes('Budi Santoso')).toBe(false);
		});

		it('turns a photo upright by its EXIF orientation before dropping it', async () => {
			const sideways = await solid(64, 32).jpeg().withMetadata({ orientation: 6 }).toBuffer();
			const user = await use().createUser({ complete: true });
			const data = await saved(user, validInput({ imageUrl: dataUrl(sideways, 'image/jpeg') }));
			const file = await use().server.storage.get(data.profile.imageUrl.slice('/media/'.length));
			const stored = await sharp(file!).metadata();
			expect({ width: stored.width, height: stored.height }).toEqual({ width: 32, height: 64 });
			expect(stored.orientation).toBeUndefined();
		});

		it('scales a large photo down to at most 800 pixels wide', async () => {
			const user = await use().createUser({ complete: true });
			const big = await solid(1600, 1200).png().toBuffer();
			const data = await saved(user, validInput({ imageUrl: dataUrl(big) }));
			const file = await use().server.storage.get(data.profile.imageUrl.slice('/media/'.length));
			const stored = await sharp(file!).metadata();
			expect({ width: stored.width, height: stored.height }).toEqual({ width: 800, height: 600 });
		});

		it('fits a tall photo within 800 by 800 pixels', async () => {
			const user = await use().createUser({ complete: true });
			const tall = await solid(600, 1600).png().toBuffer();
			const data = await saved(user, validInput({ imageUrl: dataUrl(tall) }));
			const file = await use().server.storage.get(data.profile.imageUrl.slice('/media/'.length));
			const stored = await sharp(file!).metadata();
			expect({ width: stored.width, height: stored.height }).toEqual({ width: 300, height: 800 });
		});

		it.each([
			[
				'SVG text sent as a PNG',
				() =>
					dataUrl(
						Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
					),
			],
			[
				'HTML text sent as a PNG',
				() => dataUrl(Buffer.from('<!doctype html><script>alert(document.cookie)</script>')),
			],
			[
				'an SVG data URL',
				() => dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'),
			],
			['a GIF', async () => dataUrl(await solid(16, 16).gif().toBuffer(), 'image/gif')],
			['a GIF sent as a PNG', async () => dataUrl(await solid(16, 16).gif().toBuffer())],
			[
				'a truncated JPEG',
				async () => {
					const jpeg = await noisy(256, 256).jpeg().toBuffer();
					return dataUrl(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg');
				},
			],
			[
				'only the PNG signature',
				() => dataUrl(Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10])),
			],
			['an empty data URL', () => 'data:image/png;base64,'],
			['a data URL that is not base64', () => 'data:image/png,hello'],
		])('refuses %s with 415 INVALID_IMAGE_FORMAT and stores nothing', async (_, make) => {
			const { user } = await userWithAvatar();
			await expectRefused(
				user,
				validInput({ imageUrl: await make() }),
				415,
				'INVALID_IMAGE_FORMAT',
			);
		});

		it('refuses a photo over 5 MB with 413 IMAGE_TOO_LARGE and stores nothing', async () => {
			const { user } = await userWithAvatar();
			const bytes = Buffer.alloc(5 * megabyte + 1, 7);
			bytes.set([0xff, 0xd8, 0xff, 0xe0]);
			await expectRefused(
				user,
				validInput({ imageUrl: dataUrl(bytes, 'image/jpeg') }),
				413,
				'IMAGE_TOO_LARGE',
			);
		});

		it('refuses a request body far over the photo limit with 413 IMAGE_TOO_LARGE', async () => {
			const { user } = await userWithAvatar();
			const bytes = Buffer.alloc(8 * megabyte, 7);
			bytes.set([0xff, 0xd8, 0xff, 0xe0]);
			await expectRefused(
				user,
				validInput({ imageUrl: dataUrl(bytes, 'image/jpeg') }),
				413,
				'IMAGE_TOO_LARGE',
			);
		});

		it('refuses a small file of 81 million pixels with 413 IMAGE_TOO_LARGE', async () => {
			const { user } = await userWithAvatar();
			const bomb = await solid(9000, 9000, '#fff').png({ compressionLevel: 9 }).toBuffer();
			expect(bomb.length).toBeLessThan(megabyte);
			await expectRefused(user, validInput({ imageUrl: dataUrl(bomb) }), 413, 'IMAGE_TOO_LARGE');
		});

		it.each([
			['an outside https URL', 'https://evil.example/a.png'],
			['an outside http URL', 'http://evil.example/a.png'],
			['a path that climbs out of the media folder', '/media/../../etc/passwd'],
			['an avatar path the user does not own', `/media/avatars/${'a'.repeat(32)}.webp`],
		])('refuses %s as the avatar and stores nothing', async (_, imageUrl) => {
			const { user } = await userWithAvatar();
			await expectRefused(user, validInput({ imageUrl }), 415, 'INVALID_IMAGE_FORMAT', {
				imageUrl: 'form.errors.imageUrlInvalid',
			});
		});

		it('refuses another user’s stored avatar as one’s own', async () => {
			const other = await userWithAvatar();
			const { user } = await userWithAvatar();
			await expectRefused(
				user,
				validInput({ imageUrl: other.imageUrl }),
				415,
				'INVALID_IMAGE_FORMAT',
				{
					imageUrl: 'form.errors.imageUrlInvalid',
				},
			);
		});

		it('lets a profile be completed without a photo, but asks for one when it is edited', async () => {
			const user = await use().createUser();
			expect((await saved(user, validInput())).profile.imageUrl).toBeNull();
			for (const imageUrl of [undefined, null]) {
				await expectRefused(user, validInput({ imageUrl }), 400, 'VALIDATION_ERROR', {
					imageUrl: 'form.errors.imageUrlRequired',
				});
			}
			const png = await solid(64, 64).png().toBuffer();
			const data = await saved(user, validInput({ imageUrl: dataUrl(png) }));
			expect(data.profile.imageUrl).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
		});

		it('keeps the current avatar when its /media URL is sent back, or no avatar is sent', async () => {
			const { user, imageUrl } = await userWithAvatar();
			const files = avatarFiles();
			expect((await saved(user, validInput({ imageUrl }))).profile.imageUrl).toBe(imageUrl);
			expect(
				(await saved(user, validInput({ imageUrl: `${testOrigin}${imageUrl}` }))).profile.imageUrl,
			).toBe(imageUrl);
			expect((await saved(user, validInput())).profile.imageUrl).toBe(imageUrl);
			expect((await saved(user, validInput({ imageUrl: null }))).profile.imageUrl).toBe(imageUrl);
			expect(avatarFiles()).toEqual(files);
			expect(await use().server.storage.get(imageUrl.slice('/media/'.length))).not.toBeNull();
		});

		it('deletes the old file when a new avatar replaces it', async () => {
			const { user, imageUrl } = await userWithAvatar();
			const jpeg = await solid(48, 48, '#00c').jpeg().toBuffer();
			const data = await saved(user, validInput({ imageUrl: dataUrl(jpeg, 'image/jpeg') }));
			expect(data.profile.imageUrl).not.toBe(imageUrl);
			expect(await use().server.storage.get(imageUrl.slice('/media/'.length))).toBeNull();
			expect(
				await use().server.storage.get(data.profile.imageUrl.slice('/media/'.length)),
			).not.toBeNull();
		});
	});

	describe('GET /profile/{userId}', () => {
		it('shows public fields only: never the email, phone or address', async () => {
			const { user } = await userWithAvatar();
			const own = await saved(user, validInput({ bio: 'Senang berbagi.' }));
			const viewers = [null, await use().createUser({ complete: true }), user];
			for (const viewer of viewers) {
				const response = await use().request(`/profile/${user.id}`, { user: viewer });
				expect(response.status).toBe(200);
				const text = await response.text();
				const { data } = JSON.parse(text);
				expect(Object.keys(data).sort()).toEqual([
					'avatar',
					'badges',
					'bio',
					'id',
					'joinedAt',
					'name',
					'stats',
					'verified',
				]);
				expect(data).toMatchObject({
					id: user.id,
					name: own.profile.name,
					avatar: own.profile.imageUrl,
					bio: 'Senang berbagi.',
				});
				expect(text).not.toContain(own.profile.email);
				expect(text).not.toContain(own.profile.phone);
				expect(text).not.toContain(localDigits(own.profile.phone));
				expect(text).not.toContain(own.profile.address);
				expect(text).not.toContain('"address"');
				expect(text).not.toContain('"phone"');
				expect(text).not.toContain('"email"');
			}
		});

		it('shows zero stats, no rank and no badges for a donor without donations', async () => {
			const user = await use().createUser({ complete: true });
			const { data } = await (await use().request(`/profile/${user.id}`)).json();
			expect(data.stats).toEqual({
				rank: null,
				totalDonations: 0,
				totalItems: 0,
				impactScore: 0,
				kgDonated: 0,
				givings: {
					givenConfirmed: 0,
					givenUnconfirmed: 0,
					received: 0,
					pickupsCompleted: 0,
					noShows: 0,
					donorNoShows: 0,
					handOversCompleted: 0,
					answerMinutes: null,
				},
			});
			expect(data.badges).toEqual([]);
			expect(data.avatar).toBeNull();
			expect(new Date(data.joinedAt).toString()).not.toBe('Invalid Date');
		});

		it.each([
			['an unknown id', () => randomUUID()],
			['an id that is not a UUID', () => 'not-a-user'],
		])('answers %s with 404 NOT_FOUND', async (_, id) => {
			await expectError(await use().request(`/profile/${id()}`), 404, 'NOT_FOUND');
		});

		it.each([
			['a NUL character', '%00'],
			['a NUL character after a real id', `${randomUUID()}%00`],
		])('answers an id with %s with 400 VALIDATION_ERROR naming it', async (_, id) => {
			await expectError(await use().request(`/profile/${id}`), 400, 'VALIDATION_ERROR', {
				userId: 'form.errors.invalidCharacter',
			});
		});

		it('answers 404 NOT_FOUND for a user who has not completed their profile', async () => {
			const user = await use().createUser();
			await expectError(await use().request(`/profile/${user.id}`), 404, 'NOT_FOUND');
		});
	});

	describe('cross-origin writes', () => {
		it.each([
			['another Origin', { Origin: 'https://evil.example' }],
			['Origin: null', { Origin: 'null' }],
			['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
			['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }],
		])('refuses PUT /profile with %s: 403 FORBIDDEN, nothing stored', async (_, headers) => {
			const user = await use().createUser({ complete: true });
			await expectRefused(user, validInput(), 403, 'FORBIDDEN', undefined, headers);
		});

		it('accepts PUT /profile from the site’s own origin', async () => {
			const user = await use().createUser();
			const response = await put(user, validInput(), {
				Origin: testOrigin,
				'Sec-Fetch-Site': 'same-origin',
			});
			expect(response.status).toBe(200);
		});

		it('lets cross-origin reads through (they change nothing)', async () => {
			const user = await use().createUser();
			const response = await use().request('/profile/check', {
				user,
				headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
			});
			expect(response.status).toBe(200);
		});
	});

	describe('rate limit', () => {
		it('answers 429 RATE_LIMITED with Retry-After after 60 writes a minute, invalid ones included', async () => {
			const user = await use().createUser({ complete: true });
			for (let i = 0; i < 60; i++) {
				const response = await put(user, {});
				expect(response.status).toBe(400);
				await response.body?.cancel();
			}
			const before = await check(user);
			const limited = await put(user, validInput());
			expect(limited.status).toBe(429);
			const retryAfter = Number(limited.headers.get('Retry-After'));
			expect(Number.isInteger(retryAfter)).toBe(true);
			expect(retryAfter).toBeGreaterThanOrEqual(1);
			expect(retryAfter).toBeLessThanOrEqual(60);
			await expectError(limited, 429, 'RATE_LIMITED');
			expect(await check(user)).toEqual(before);

			// The limit is per user: someone else can still save.
			const other = await use().createUser();
			expect((await put(other, validInput())).status).toBe(200);
		});
	});

	describe('language of error messages', () => {
		it('follows Accept-Language and keeps the field keys the same', async () => {
			const user = await use().createUser({ complete: true });
			const english = await expectError(
				await put(user, validInput({ name: 'Al' }), { 'Accept-Language': 'en-US,en;q=0.9' }),
				400,
				'VALIDATION_ERROR',
			);
			const indonesian = await expectError(
				await put(user, validInput({ name: 'Al' }), { 'Accept-Language': 'id' }),
				400,
				'VALIDATION_ERROR',
			);
			expect(english.message).toBe(
				'Some of the data is not right. Please check the highlighted fields.',
			);
			expect(indonesian.message).toBe(
				'Data yang dikirim belum benar. Periksa kembali isian yang ditandai.',
			);
			expect(english.fields).toEqual({ name: 'form.errors.nameMin' });
			expect(indonesian.fields).toEqual(english.fields);
		});

		it('speaks Indonesian without Accept-Language or for an unsupported language', async () => {
			for (const headers of [{}, { 'Accept-Language': 'fr-FR' }]) {
				const error = await expectError(
					await use().request('/profile/check', { headers }),
					401,
					'UNAUTHORIZED',
				);
				expect(error.message).toBe('Silakan masuk terlebih dahulu.');
			}
			const english = await expectError(
				await use().request('/profile/check', { headers: { 'Accept-Language': 'en' } }),
				401,
				'UNAUTHORIZED',
			);
			expect(english.message).toBe('Please sign in first.');
		});
	});
});
