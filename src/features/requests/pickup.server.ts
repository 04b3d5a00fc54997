import { and, eq } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { calendarFile } from '~/lib/calendar';
import { formatTimeWindow } from '~/lib/format-time';
import { type Locale, localizePath } from '~/lib/i18n/locales';
import type { UserRow } from '~/server/auth/users';
import type { Database, Transaction } from '~/server/db/client';
import { itemRequests, items, requestReminders } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { notify } from '~/features/notifications/notifications.server';
import { type Pickup, pickupEvent, pickupProblems } from './pickup';
import type { RequestRow } from './request-rules.server';
import type { pickupBody } from './requests.routes';

/** What a donor sends to agree a pickup, on its own or with a reservation. */
interface PickupInput {
	pickupFrom?: string | undefined;
	pickupUntil?: string | undefined;
	pickupPlace?: string | undefined;
}

/** The columns an agreed pickup is kept in. */
export interface PickupColumns {
	pickupFrom: Date;
	pickupUntil: Date;
	pickupPlace: string | null;
}

/**
 * The pickup `input` agrees, checked as of `now`; null when it names none. A place without a
 * time, or a window in the past, too far ahead, ending before it starts or too long, is refused
 * with every field's reason.
 */
export function checkedPickup(input: PickupInput, now: Date): PickupColumns | null {
	const { pickupFrom, pickupUntil, pickupPlace } = input;
	if (pickupFrom === undefined && pickupUntil === undefined) {
		if (pickupPlace) {
			throw new AppError('VALIDATION_ERROR', { pickupFrom: 'pickup.errors.pickupTimeMissing' });
		}
		return null;
	}
	if (pickupFrom === undefined || pickupUntil === undefined) {
		const missing = pickupFrom === undefined ? 'pickupFrom' : 'pickupUntil';
		throw new AppError('VALIDATION_ERROR', { [missing]: 'pickup.errors.pickupTimeMissing' });
	}
	const from = new Date(pickupFrom);
	const until = new Date(pickupUntil);
	const problems = pickupProblems(from, until, now);
	if (Object.keys(problems).length > 0) {
		throw new AppError('VALIDATION_ERROR', problems as Record<string, string>);
	}
	return { pickupFrom: from, pickupUntil: until, pickupPlace: pickupPlace || null };
}

/**
 * The reservation's end once a pickup is agreed: never before the window ends, so it cannot
 * expire while the two are to meet.
 */
export function reservedUntilWith(reservedUntil: Date | null, pickup: PickupColumns): Date {
	const until = pickup.pickupUntil.getTime();
	return new Date(Math.max(reservedUntil?.getTime() ?? until, until));
}

/**
 * Forgets the hand-over reminder a request was sent, so the next one falls due before the
 * newly agreed time.
 */
export async function rearmHandOverReminder(tx: Transaction, requestId: number): Promise<void> {
	await tx
		.delete(requestReminders)
		.where(
			and(eq(requestReminders.requestId, requestId), eq(requestReminders.reminder, 'handOverDue')),
		);
}

/** What the receiver is told of an agreed pickup. */
export const pickupNotice = (pickup: PickupColumns) => ({
	from: pickup.pickupFrom.toISOString(),
	until: pickup.pickupUntil.toISOString(),
	place: pickup.pickupPlace ?? '',
});

/**
 * `PUT /requests/{id}/pickup`: the donor agrees or changes the pickup time of a reservation.
 * The reservation lasts at least until the window ends, the hand-over reminder falls due before
 * it, and the receiver is told. Someone who is neither side gets NOT_FOUND, the receiver
 * FORBIDDEN; a request not reserved for pickup is a conflict.
 */
export async function setPickup(
	db: Database,
	user: UserRow,
	requestId: number,
	input: typeof pickupBody._zod.output,
	now = new Date(),
): Promise<void> {
	await db.transaction(async (tx) => {
		const [request] = Number.isSafeInteger(requestId)
			? await tx.select().from(itemRequests).where(eq(itemRequests.id, requestId)).for('update')
			: [];
		if (!request || (request.donorId !== user.id && request.receiverId !== user.id)) {
			throw new AppError('NOT_FOUND');
		}
		if (request.donorId !== user.id) {
			throw new AppError('FORBIDDEN', undefined, undefined, {
				key: 'pickup.errors.pickupDonorOnly',
			});
		}
		if (request.state !== 'reserved' || request.method !== 'pickup') {
			throw new AppError('REQUEST_CONFLICT', undefined, undefined, {
				key: 'pickup.errors.pickupNotReserved',
			});
		}
		const pickup = checkedPickup(input, now);
		if (!pickup) {
			throw new AppError('VALIDATION_ERROR', { pickupFrom: 'pickup.errors.pickupTimeMissing' });
		}
		const reservedUntil = reservedUntilWith(request.reservedUntil, pickup);
		const extended = reservedUntil.getTime() !== request.reservedUntil?.getTime();
		await tx
			.update(itemRequests)
			.set({
				...pickup,
				reservedUntil,
				...(extended ? { expiryWarnedAt: null } : {}),
				updatedAt: now,
			})
			.where(eq(itemRequests.id, request.id));
		await rearmHandOverReminder(tx, request.id);
		const [item] = await tx
			.select({ name: items.name })
			.from(items)
			.where(eq(items.id, request.itemId));
		await notify(tx, {
			userId: request.receiverId,
			kind: 'pickupSet',
			itemId: request.itemId,
			requestId: request.id,
			data: { item: item?.name ?? '', name: user.name ?? '', ...pickupNotice(pickup) },
		});
	});
}

/** The agreed pickup of a request row, when it is reserved with one. */
export function pickupOf(
	request: Pick<RequestRow, 'state' | 'pickupFrom' | 'pickupUntil' | 'pickupPlace'>,
): Pickup | null {
	if (request.state !== 'reserved' || !request.pickupFrom || !request.pickupUntil) return null;
	return {
		from: request.pickupFrom.toISOString(),
		until: request.pickupUntil.toISOString(),
		place: request.pickupPlace,
	};
}

/**
 * `GET /requests/{id}/pickup.ics`: the agreed pickup as a calendar file, in `locale`, for
 * either side of the request; NOT_FOUND to anyone else and while no time is agreed.
 */
export async function pickupCalendarFile(
	db: Database,
	user: UserRow,
	requestId: number,
	{ t, locale, publicUrl }: { t: TFunction; locale: Locale; publicUrl: string },
	now = new Date(),
): Promise<string> {
	const [found] = Number.isSafeInteger(requestId)
		? await db
				.select({ request: itemRequests, item: items.name })
				.from(itemRequests)
				.innerJoin(items, eq(items.id, itemRequests.itemId))
				.where(eq(itemRequests.id, requestId))
		: [];
	const request = found?.request;
	const isDonor = request?.donorId === user.id;
	if (!request || (!isDonor && request.receiverId !== user.id)) throw new AppError('NOT_FOUND');
	const pickup = pickupOf(request);
	if (!pickup) throw new AppError('NOT_FOUND');
	const path = isDonor ? `/my-items/${request.itemId}/requests` : '/my-requests';
	const link = `${publicUrl}${localizePath(path, locale)}`;
	const when = formatTimeWindow(pickup.from, pickup.until, locale);
	const event = pickupEvent(request.id, pickup, {
		summary: t('pickup.calendarSummary', { item: found.item }),
		description: t('pickup.calendarDescription', { when, link }),
		host: new URL(publicUrl).host,
	});
	return calendarFile({ ...event, url: link }, now);
}
