import { desc, eq, inArray, or } from 'drizzle-orm';
import { photoView } from '~/features/items/photos.server';
import type { UserRow } from '~/server/auth/users';
import type { Database } from '~/server/db/client';
import {
	consents,
	courierOrders,
	itemImages,
	itemRequests,
	items,
	notificationSettings,
	notifications,
	pushSubscriptions,
	reports,
	savedSearches,
	signIns,
	thankYous,
	needOffers,
	needs,
	organisations,
	userBlocks,
} from '~/server/db/schema';
import { mediaUrl } from '~/server/storage';

/**
 * Everything the site keeps about a person, as the JSON file of "download my data": the profile,
 * their items with photo URLs, requests on both sides, notifications and how they are told of
 * them (settings, devices for push), reports they made, thank-yous they wrote, their needs, the
 * offers of their items to others' needs and the organisation they registered, the people they blocked, and when they signed in.
 */
export async function accountExport(db: Database, user: UserRow, origin: string) {
	const absolute = (path: string | null) => (path === null ? null : new URL(path, origin).href);
	const [
		ownItems,
		requests,
		notes,
		made,
		signedIn,
		blocked,
		settings,
		devices,
		accepted,
		orders,
		searches,
		thanksWritten,
		ownNeeds,
		offersMade,
		[organisation],
	] = await Promise.all([
		db.select().from(items).where(eq(items.donorId, user.id)).orderBy(desc(items.createdAt)),
		db
			.select()
			.from(itemRequests)
			.where(or(eq(itemRequests.receiverId, user.id), eq(itemRequests.donorId, user.id)))
			.orderBy(desc(itemRequests.createdAt)),
		db
			.select()
			.from(notifications)
			.where(eq(notifications.userId, user.id))
			.orderBy(desc(notifications.id)),
		db.select().from(reports).where(eq(reports.reporterId, user.id)).orderBy(desc(reports.id)),
		db.select().from(signIns).where(eq(signIns.userId, user.id)).orderBy(desc(signIns.id)),
		db.select().from(userBlocks).where(eq(userBlocks.blockerId, user.id)),
		db.select().from(notificationSettings).where(eq(notificationSettings.userId, user.id)),
		db
			.select()
			.from(pushSubscriptions)
			.where(eq(pushSubscriptions.userId, user.id))
			.orderBy(pushSubscriptions.id),
		db.select().from(consents).where(eq(consents.userId, user.id)).orderBy(desc(consents.id)),
		db
			.select()
			.from(courierOrders)
			.where(or(eq(courierOrders.receiverId, user.id), eq(courierOrders.donorId, user.id)))
			.orderBy(desc(courierOrders.createdAt)),
		db
			.select()
			.from(savedSearches)
			.where(eq(savedSearches.userId, user.id))
			.orderBy(savedSearches.id),
		db
			.select()
			.from(thankYous)
			.where(eq(thankYous.receiverId, user.id))
			.orderBy(desc(thankYous.id)),
		db.select().from(needs).where(eq(needs.ownerId, user.id)).orderBy(desc(needs.id)),
		db
			.select()
			.from(needOffers)
			.where(eq(needOffers.donorId, user.id))
			.orderBy(desc(needOffers.id)),
		db.select().from(organisations).where(eq(organisations.ownerId, user.id)),
	]);
	const [setting] = settings;
	const ids = ownItems.map((item) => item.id);
	const requestedIds = [...new Set(requests.map((request) => request.itemId))];
	const [photos, requestedItems] = await Promise.all([
		ids.length ? db.select().from(itemImages).where(inArray(itemImages.itemId, ids)) : [],
		requestedIds.length
			? db
					.select({ id: items.id, name: items.name })
					.from(items)
					.where(inArray(items.id, requestedIds))
			: [],
	]);
	const itemNames = new Map(requestedItems.map((item) => [item.id, item.name]));
	return {
		exportedAt: new Date().toISOString(),
		profile: {
			id: user.id,
			email: user.email,
			name: user.name,
			phone: user.phone,
			address: user.address,
			area: user.areaName,
			bio: user.bio,
			avatar: absolute(mediaUrl(user.avatarKey)),
			role: user.role,
			joinedAt: user.createdAt.toISOString(),
			leftRankingsAt: user.leftRankingsAt?.toISOString() ?? null,
		},
		items: ownItems.map((item) => ({
			id: item.id,
			name: item.name,
			description: item.description,
			category: item.category,
			condition: item.condition,
			status: item.status,
			quantity: item.quantity,
			weight: item.weight,
			createdAt: item.createdAt.toISOString(),
			donatedAt: item.donatedAt?.toISOString() ?? null,
			photos: photos
				.filter((photo) => photo.itemId === item.id)
				.sort((a, b) => a.position - b.position)
				.map((photo) => absolute(photoView(photo).src)),
		})),
		requests: requests.map((request) => ({
			id: request.id,
			itemId: request.itemId,
			// Named, so a reader knows which item without looking it up; null once it is gone.
			itemName: itemNames.get(request.itemId) ?? null,
			side: request.receiverId === user.id ? ('receiver' as const) : ('donor' as const),
			state: request.state,
			quantity: request.quantity,
			givenQuantity: request.givenQuantity,
			createdAt: request.createdAt.toISOString(),
			confirmedAt: request.confirmedAt?.toISOString() ?? null,
		})),
		notifications: notes.map((note) => ({
			kind: note.kind,
			data: note.data,
			createdAt: note.createdAt.toISOString(),
			readAt: note.readAt?.toISOString() ?? null,
		})),
		// Only the choices the person made; none kept means the defaults.
		notificationSettings: setting
			? {
					channels: setting.channels,
					quietHours:
						setting.quietStart && setting.quietEnd
							? { start: setting.quietStart, end: setting.quietEnd }
							: null,
					language: setting.language,
					updatedAt: setting.updatedAt.toISOString(),
				}
			: null,
		// The devices' keys are secrets of the browser: the address says which device it is.
		pushDevices: devices.map((device) => ({
			endpoint: device.endpoint,
			subscribedAt: device.createdAt.toISOString(),
		})),
		reports: made.map((report) => ({
			target: report.targetKey,
			reason: report.reason,
			details: report.details,
			state: report.state,
			createdAt: report.createdAt.toISOString(),
		})),
		thanksWritten: thanksWritten.map((thanks) => ({
			requestId: thanks.requestId,
			itemId: thanks.itemId,
			donorId: thanks.donorId,
			message: thanks.message,
			photo: absolute(mediaUrl(thanks.photoKey)),
			hidden: thanks.hiddenAt !== null,
			createdAt: thanks.createdAt.toISOString(),
		})),
		needs: ownNeeds.map((need) => ({
			id: need.id,
			title: need.title,
			description: need.description,
			category: need.category,
			quantity: need.quantity,
			area: `${need.districtName}, ${need.regencyName}`,
			state: need.state,
			photo: absolute(mediaUrl(need.photoKey)),
			hidden: need.hiddenAt !== null,
			createdAt: need.createdAt.toISOString(),
		})),
		// Offers of the person's items to others' needs; those made to the person's own needs are
		// the other donors' data.
		offersMade: offersMade.map((offer) => ({
			needId: offer.needId,
			itemId: offer.itemId,
			quantity: offer.quantity,
			message: offer.message,
			state: offer.state,
			createdAt: offer.createdAt.toISOString(),
			decidedAt: offer.decidedAt?.toISOString() ?? null,
		})),
		// The document photo is private and kept only until shortly after the decision: the file
		// says whether it is still held, never the photo; nor which moderator decided.
		organisation: organisation
			? {
					id: organisation.id,
					name: organisation.name,
					kind: organisation.kind,
					address: organisation.address,
					district: `${organisation.districtName}, ${organisation.regencyName}, ${organisation.provinceName}`,
					contactName: organisation.contactName,
					state: organisation.state,
					decisionNote: organisation.decisionNote,
					decidedAt: organisation.decidedAt?.toISOString() ?? null,
					documentHeld: organisation.documentKey !== null,
					documentDeletedAt: organisation.documentDeletedAt?.toISOString() ?? null,
					createdAt: organisation.createdAt.toISOString(),
				}
			: null,
		blocked: blocked.map((block) => ({
			userId: block.blockedId,
			blockedAt: block.createdAt.toISOString(),
		})),
		signIns: signedIn.map((entry) => entry.createdAt.toISOString()),
		// Courier deliveries: what the person paid for and where it went; a donor sees the order of
		// their item but not the receiver's address, which is the receiver's own.
		courierOrders: orders.map((order) => {
			const mine = order.receiverId === user.id;
			return {
				id: order.id,
				itemId: order.itemId,
				side: mine ? ('receiver' as const) : ('donor' as const),
				state: order.state,
				quantity: order.quantity,
				courier: `${order.courierName} ${order.courierService}`,
				recipientName: mine ? order.recipientName : null,
				recipientPhone: mine ? order.recipientPhone : null,
				address: mine ? `${order.address}, ${order.destinationAreaName} ${order.postalCode}` : null,
				total: mine ? order.total : null,
				waybill: order.waybill,
				createdAt: order.createdAt.toISOString(),
				paidAt: order.paidAt?.toISOString() ?? null,
				deliveredAt: order.deliveredAt?.toISOString() ?? null,
			};
		}),
		savedSearches: searches.map((saved) => ({
			label: saved.label,
			search: saved.search,
			category: saved.category,
			savedAt: saved.createdAt.toISOString(),
		})),
		// Each acceptance of the terms and the privacy policy, newest first.
		consents: accepted.map((consent) => ({
			termsVersion: consent.termsVersion,
			privacyVersion: consent.privacyVersion,
			ageConfirmed: consent.ageConfirmed,
			acceptedAt: consent.acceptedAt.toISOString(),
		})),
	};
}

/** What "download my data" holds, and what the readable page of it shows. */
export type AccountExport = Awaited<ReturnType<typeof accountExport>>;
