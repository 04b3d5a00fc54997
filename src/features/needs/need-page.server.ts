import { and, eq } from 'drizzle-orm';
import { organisationLimits } from '~/config/limits';
import type { Locale } from '~/lib/i18n/locales';
import { formatDate } from '~/lib/format';
import { formatTimeAgo } from '~/lib/relative-time';
import type { UserRow } from '~/server/auth/users';
import type { Database } from '~/server/db/client';
import { userBlocks } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import type { Need } from './needs';
import { pickupAreaName } from '~/features/places/places';
import { pickupOfDistrict } from '~/features/places/places.server';
import { findNeed, ownedNeed, verifiedOrganisation } from './needs.server';

/** Who looks at a need's page, and so which panel they get. */
export type NeedPageRole = 'owner' | 'donor' | 'visitor';

/**
 * What the need's page shows: the need, its dates as written, the viewer's role, and for a donor
 * whether they blocked the need's owner (their panel's block button starts from it).
 */
export interface NeedPage {
	need: Need;
	role: NeedPageRole;
	ownerBlocked: boolean;
	posted: string;
	closes: string;
}

/**
 * The need's page for `viewer`, or null when there is none to show them (a missing or hidden
 * need: the page is then the 404).
 */
export async function needPage(
	db: Database,
	id: number,
	viewer: UserRow | null,
	locale: Locale,
	now = new Date(),
): Promise<NeedPage | null> {
	let need: Need;
	try {
		need = await findNeed(db, id, viewer);
	} catch (error) {
		if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
		throw error;
	}
	const role: NeedPageRole = !viewer ? 'visitor' : viewer.id === need.owner.id ? 'owner' : 'donor';
	const [block] =
		viewer && role === 'donor'
			? await db
					.select({ at: userBlocks.createdAt })
					.from(userBlocks)
					.where(and(eq(userBlocks.blockerId, viewer.id), eq(userBlocks.blockedId, need.owner.id)))
			: [];
	return {
		need,
		role,
		ownerBlocked: block !== undefined,
		posted: formatTimeAgo(need.createdAt, locale, now),
		closes: formatDate(need.closesAt, locale),
	};
}

/** The need form's starting district and the person's verified organisation, if any. */
export async function needFormContext(db: Database, user: UserRow, need: Need | null) {
	const district = need ? need.area.districtCode : user.areaId;
	const area = district ? await pickupOfDistrict(district) : null;
	const organisation = await verifiedOrganisation(db, user.id);
	const kind = organisation?.kind as keyof typeof organisationLimits.quantityMax | undefined;
	return {
		area: area && { id: area.districtCode, name: pickupAreaName(area) },
		organisation: organisation && {
			name: organisation.name,
			quantityMax:
				organisationLimits.quantityMax[kind ?? 'other'] ?? organisationLimits.quantityMax.other,
		},
	};
}

/** The need its owner edits, as its page shows it; null when it is not theirs or not open. */
export async function editableNeed(db: Database, owner: UserRow, id: number): Promise<Need | null> {
	try {
		const row = await ownedNeed(db, owner, id);
		if (row.state !== 'open') return null;
		return await findNeed(db, id, owner);
	} catch (error) {
		if (error instanceof AppError) return null;
		throw error;
	}
}

/**
 * The open need a donor lists a new item for (`/donate-item?need={id}`), as the item form takes
 * it over; null for a need that is not open, not there, hidden, or the donor's own.
 */
export async function needToAnswer(db: Database, id: string | null, donor: UserRow) {
	if (!id || !/^\d+$/.test(id)) return null;
	const found = await needPage(db, Number(id), donor, 'id').catch(() => null);
	if (!found || found.role !== 'donor' || found.need.state !== 'open' || found.need.hidden)
		return null;
	const { need } = found;
	return {
		id: need.id,
		title: need.title,
		description: need.description,
		category: need.category,
		quantity: need.quantity,
	};
}
