/**
 * Giving drives (docs/product-rules.md#drives): a verified organisation's or a moderator's call
 * for a list of needs, collected at one address until the end of a chosen day. Safe in the
 * browser.
 */

import { z } from 'zod/mini';
import { driveLimits, needLimits, organisationLimits } from '~/config/limits';
import { categories } from '~/features/items/items';
import { requiredText, storableText } from '~/lib/text-fields';

/** A district code of the official list, dots included ("32.73.14"). */
const districtCodePattern = /^\d{2}\.\d{2}\.\d{2}$/;
/** A calendar day as the date input sends it. */
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The most of one thing any drive may ask for: the largest of the organisations' limits. */
export const driveQuantityMax = Math.max(...Object.values(organisationLimits.quantityMax));

const dayMs = 24 * 60 * 60_000;
/** Jakarta keeps UTC+7 all year; a drive's days are Jakarta's. */
const jakartaOffsetMs = 7 * 60 * 60_000;

/** The Jakarta day of a moment, as `YYYY-MM-DD`. */
export function jakartaDay(moment: Date): string {
	return new Date(moment.getTime() + jakartaOffsetMs).toISOString().slice(0, 10);
}

/** The day `days` after `day` (`YYYY-MM-DD`). */
export function dayAfter(day: string, days: number): string {
	return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** The last moment of a Jakarta day: when a drive ending that day stops taking gifts. */
export function endOfJakartaDay(day: string): Date {
	return new Date(Date.parse(`${day}T23:59:59.999+07:00`));
}

/** The days a drive may end on, counted from `now`: today up to `longestDays` later. */
export function endDayRange(now: Date): { min: string; max: string } {
	const today = jakartaDay(now);
	return { min: today, max: dayAfter(today, driveLimits.longestDays) };
}

/** Whether `day` is a real calendar day (`2026-02-30` is not). */
function isCalendarDay(day: string): boolean {
	const time = Date.parse(`${day}T00:00:00Z`);
	return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day;
}

/** The end day: a real day; its range is checked against the day it is sent (`checkEndDay`). */
const endDay = z.string('drives.errors.endDateRequired').check(
	z.trim(),
	z.minLength(1, 'drives.errors.endDateRequired'),
	z.refine((day) => dayPattern.test(day) && isCalendarDay(day), 'drives.errors.endDateInvalid'),
);

/** The message key of an end day outside the range allowed at `now`, or null when inside. */
export function checkEndDay(day: string, now: Date): string | null {
	const { min, max } = endDayRange(now);
	if (day < min) return 'drives.errors.endDatePast';
	if (day > max) return 'drives.errors.endDateTooFar';
	return null;
}

/** One need of a drive's list. */
export const driveNeedSchema = z.object({
	title: requiredText('title', needLimits.titleMin, needLimits.titleMax, 'drives.needs'),
	category: z.enum(categories, 'drives.needs.errors.categoryInvalid'),
	quantity: z.coerce
		.number('drives.needs.errors.quantityRequired')
		.check(
			z.int('drives.needs.errors.quantityInteger'),
			z.minimum(needLimits.quantityMin, 'drives.needs.errors.quantityMin'),
			z.maximum(driveQuantityMax, 'drives.needs.errors.quantityMax'),
		),
	/** Left empty, the need shows its title only. */
	description: z.optional(
		z.nullable(
			z.string('form.errors.notText').check(
				z.trim(),
				storableText,
				z.refine(
					(text) => text.length === 0 || text.length >= needLimits.descriptionMin,
					'drives.needs.errors.descriptionMin',
				),
				z.maxLength(needLimits.descriptionMax, 'drives.needs.errors.descriptionMax'),
			),
		),
	),
});

/** The drive form, checked the same way in the browser and by `POST /drives`. */
export const driveInputSchema = z.object({
	title: requiredText('title', driveLimits.titleMin, driveLimits.titleMax, 'drives'),
	story: requiredText('story', driveLimits.storyMin, driveLimits.storyMax, 'drives'),
	address: requiredText('address', driveLimits.addressMin, driveLimits.addressMax, 'drives'),
	district: z
		.string('drives.errors.districtRequired')
		.check(z.regex(districtCodePattern, 'drives.errors.districtRequired')),
	endDate: endDay,
	needs: z
		.array(driveNeedSchema, 'drives.errors.needsRequired')
		.check(
			z.minLength(driveLimits.needsMin, 'drives.errors.needsRequired'),
			z.maxLength(driveLimits.needsMax, 'drives.errors.needsMax'),
		),
});

/** What the creator may change once the drive runs: its story and its end day. */
export const driveUpdateSchema = z.object({
	story: z.optional(requiredText('story', driveLimits.storyMin, driveLimits.storyMax, 'drives')),
	endDate: z.optional(endDay),
});

export type DriveInput = z.input<typeof driveInputSchema>;
export type ValidDrive = z.output<typeof driveInputSchema>;
export type DriveNeedInput = z.input<typeof driveNeedSchema>;
export type ValidDriveUpdate = z.output<typeof driveUpdateSchema>;

/**
 * A refused drive form's errors by field, the first per field; a need's field is named by its
 * place in the list: `needs.2.quantity`.
 */
export function driveFieldErrors(
	issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
	const errors: Record<string, string> = {};
	for (const issue of issues) {
		const field = issue.path.map(String).join('.');
		if (field && !errors[field]) errors[field] = issue.message;
	}
	return errors;
}

/** One need of a drive with what confirmed hand-overs brought it. */
export interface DriveNeed {
	id: number;
	title: string;
	description: string;
	category: string;
	quantity: number;
	/** Things received: confirmed hand-overs only. */
	received: number;
}

/** A drive as its page and the API show it. */
export interface Drive {
	id: number;
	title: string;
	story: string;
	address: string;
	district: { code: string; name: string; regencyName: string; provinceName: string };
	endsAt: string;
	ended: boolean;
	hidden: boolean;
	createdBy: string;
	organisation: { id: number; name: string; verified: boolean } | null;
	needs: DriveNeed[];
	createdAt: string;
}

/** A current drive as a short list shows it. */
export interface DriveSummary {
	id: number;
	title: string;
	organisationName: string | null;
	districtName: string;
	regencyName: string;
	endsAt: string;
	needsCount: number;
}

/** Calendar days (Jakarta's) from today to the drive's last day: 0 on its last day. */
export function daysLeft(endsAt: Date, now: Date): number {
	const last = Date.parse(`${jakartaDay(endsAt)}T00:00:00Z`);
	const today = Date.parse(`${jakartaDay(now)}T00:00:00Z`);
	return Math.max(0, Math.round((last - today) / dayMs));
}
