import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { itemLimits } from '~/config/limits';
import { isProfileComplete } from '~/lib/profile-completeness';
import type { HumanVerifier } from '~/features/verification/verification.server';
import type { ServerContext } from '~/server/context';
import { AppError } from '~/server/http/errors';
import { jsonWithETag } from '~/server/http/etag';
import { rateLimit, requestAddress, requireUser } from '~/server/http/middleware';
import type { AppEnv } from '~/server/http/types';
import { rateLimitRules } from '~/server/rate-limit';
import { refuseAtDailyLimit } from './daily-items.server';
import { createItem, deleteItem, toggleItemStatus, updateItem } from './item-changes.server';
import { itemListQuerySchema } from './item-schemas';
import type { Item } from './items';
import { findItem, latestItems, listItems, myItems, type Viewer } from './items.server';

/** Five photos of 5 MB and the text fields. */
const itemBodyLimit = itemLimits.imagesMax * itemLimits.imageMaxBytes + 256 * 1024;

const itemFields = [
	'name',
	'description',
	'weight',
	'length',
	'width',
	'height',
	'quantity',
	'category',
];

function viewerOf(c: Context<AppEnv>): Viewer | null {
	const user = c.get('user');
	return user ? { id: user.id, canSeePhone: isProfileComplete(user) } : null;
}

function itemId(c: Context<AppEnv>): number {
	const id = Number(c.req.param('id'));
	if (!Number.isSafeInteger(id) || id < 1) throw new AppError('NOT_FOUND');
	return id;
}

/** The multipart form of create and update: text fields, photos, removed photo URLs. */
async function readItemForm(c: Context<AppEnv>) {
	const form = await c.req.parseBody({ all: true }).catch(() => {
		throw new AppError('VALIDATION_ERROR');
	});
	const fields = Object.fromEntries(
		itemFields.filter((name) => typeof form[name] === 'string').map((name) => [name, form[name]]),
	);
	// A file input left empty still sends a part, with no file name and no bytes: no photo.
	const files = [form['files'] ?? []]
		.flat()
		.filter(
			(entry): entry is File => entry instanceof File && (entry.size > 0 || entry.name !== ''),
		);
	const text = (name: string) => (typeof form[name] === 'string' ? form[name] : undefined);
	return {
		fields,
		files,
		deletedImages: text('deletedImages'),
		verificationToken: text('verificationToken'),
	};
}

/**
 * Polled answers revalidate with their ETag; they differ by viewer, so only the browser keeps them.
 * Set before the answer exists: a header added to a finished answer makes Hono copy it into a new
 * one, reading its body back as a stream.
 */
const revalidate = async (c: Context<AppEnv>, next: () => Promise<void>) => {
	c.header('Cache-Control', 'private, no-cache');
	c.header('Vary', 'Cookie, Authorization, Accept-Language');
	await next();
};

const photoLimit = bodyLimit({
	maxSize: itemBodyLimit,
	onError: () => {
		throw new AppError('IMAGE_TOO_LARGE');
	},
});

/** The item calls of the API (`/api/items…`). */
export function itemRoutes(server: ServerContext & { humanVerifier: HumanVerifier }) {
	const write = rateLimit(server, 'write', rateLimitRules.write);

	/** A donor's phone counts against the viewer's limit once per item per window. */
	async function limitPhone(viewer: Viewer | null, item: Item): Promise<Item> {
		if (!viewer || !item.donor.phone || viewer.id === item.donorId) return item;
		const pair = await server.rateLimiter.hit(
			`phone-item:${viewer.id}:${item.id}`,
			rateLimitRules.phoneReveal,
		);
		if (pair.count > 1) return item;
		const reveals = await server.rateLimiter.hit(`phone:${viewer.id}`, rateLimitRules.phoneReveal);
		if (reveals.allowed) return item;
		const donor = { ...item.donor };
		delete donor.phone;
		return { ...item, donor };
	}

	return new Hono<AppEnv>()
		.get('/items', async (c) => {
			const parsed = itemListQuerySchema.safeParse(c.req.query());
			if (!parsed.success) throw new AppError('VALIDATION_ERROR');
			return c.json({ data: await listItems(server.db, parsed.data, viewerOf(c)) });
		})
		.get('/items/latest', revalidate, async (c) =>
			jsonWithETag(c, { data: await latestItems(server.db, viewerOf(c)) }),
		)
		.get('/items/my-items', requireUser, async (c) =>
			c.json({ data: await myItems(server.db, c.get('user')!.id) }),
		)
		.get('/items/:id', revalidate, async (c) => {
			const viewer = viewerOf(c);
			const item = await findItem(server.db, itemId(c), viewer);
			if (!item) throw new AppError('NOT_FOUND');
			return jsonWithETag(c, { data: await limitPhone(viewer, item) });
		})
		.post('/items', requireUser, write, photoLimit, async (c) => {
			const user = c.get('user')!;
			const form = await readItemForm(c);
			if (!form.verificationToken) {
				throw new AppError('VALIDATION_ERROR', {
					verificationToken: 'itemForm.verification.required',
				});
			}
			await refuseAtDailyLimit(server.rateLimiter, user.id);
			const caller = { userId: user.id, remoteIp: requestAddress(c, server.config) };
			if (!(await server.humanVerifier.verify(form.verificationToken, caller))) {
				throw new AppError('VALIDATION_ERROR', {
					verificationToken: 'itemForm.verification.failed',
				});
			}
			const item = await createItem(server, user, form.fields, form.files);
			return c.json({ data: item }, 201);
		})
		.put('/items/:id', requireUser, write, photoLimit, async (c) => {
			const form = await readItemForm(c);
			const item = await updateItem(
				server,
				c.get('user')!,
				itemId(c),
				form.fields,
				form.files,
				form.deletedImages,
			);
			return c.json({ data: item });
		})
		.delete('/items/:id', requireUser, write, async (c) => {
			await deleteItem(server, c.get('user')!, itemId(c));
			return c.body(null, 204);
		})
		.patch('/items/:id/toggle-status', requireUser, write, async (c) =>
			c.json({ data: await toggleItemStatus(server, c.get('user')!, itemId(c)) }),
		);
}
