/**
 * The drive form's rules (docs/product-rules.md#drives), checked by the API; the form shows the
 * fields the API names.
 */

import { z } from 'zod/mini';
import { driveLimits, needLimits, organisationLimits } from '~/config/limits';
import { categories } from '~/features/items/items';
import { requiredText, storableText } from '~/lib/text-fields';
import { dayAfter, jakartaDay } from './drives';

/** A district code of the official list, dots included ("32.73.14"). */
const districtCodePattern = /^\d{2}\.\d{2}\.\d{2}$/;
/** A calendar day as the date input sends it. */
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The most of one thing any drive may ask for: the largest of the organisations' limits. */
export const driveQuantityMax = Math.max(...Object.values(organisationLimits.quantityMax));

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
