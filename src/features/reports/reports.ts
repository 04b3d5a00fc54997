import { z } from 'zod/mini';
import { reportLimits } from '~/config/limits';
import { storableText } from '~/lib/text-fields';

/** Why something is reported; `other` needs a few words (docs/product-rules.md#trust-and-safety). */
export const reportReasons = [
	'prohibited',
	'askingMoney',
	'scam',
	'offensive',
	'spam',
	'gone',
	'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];

/** What a report is about: an item, a person, a thank-you, a need, or a drive. */
export type ReportTarget =
	| { kind: 'item'; itemId: number }
	| { kind: 'user'; userId: string }
	| { kind: 'thanks'; thanksId: number }
	| { kind: 'need'; needId: number }
	| { kind: 'drive'; driveId: number };

/**
 * The key that one open report per reporter and target is counted by: `item:42`, `user:<id>`,
 * `thanks:7`, `need:3`, `drive:5`.
 */
export function targetKey(target: ReportTarget): string {
	if (target.kind === 'item') return `item:${target.itemId}`;
	if (target.kind === 'need') return `need:${target.needId}`;
	if (target.kind === 'drive') return `drive:${target.driveId}`;
	if (target.kind === 'thanks') return `thanks:${target.thanksId}`;
	return `user:${target.userId}`;
}

/** How many targets a report or a desk action names: exactly one is right. */
export function targetsNamed(input: {
	itemId?: unknown;
	userId?: unknown;
	thanksId?: unknown;
	needId?: unknown;
	driveId?: unknown;
}) {
	return [input.itemId, input.userId, input.thanksId, input.needId, input.driveId].filter(
		(id) => id !== undefined,
	).length;
}

const details = z.optional(
	z.nullable(
		z
			.string('reports.errors.detailsInvalid')
			.check(
				z.trim(),
				storableText,
				z.maxLength(reportLimits.detailsMax, 'reports.errors.detailsMax'),
			),
	),
);

/**
 * The report dialog, checked the same way in the browser and by `POST /reports`: an item, a
 * person, a thank-you, a need or a drive, a reason, and for `other` a text of 10 to 500 characters.
 */
export const reportInputSchema = z
	.object({
		itemId: z.optional(
			z.int('reports.errors.targetInvalid').check(z.positive('reports.errors.targetInvalid')),
		),
		userId: z.optional(
			z
				.string('reports.errors.targetInvalid')
				.check(z.minLength(1, 'reports.errors.targetInvalid'), storableText),
		),
		thanksId: z.optional(
			z.int('reports.errors.targetInvalid').check(z.positive('reports.errors.targetInvalid')),
		),
		needId: z.optional(
			z.int('reports.errors.targetInvalid').check(z.positive('reports.errors.targetInvalid')),
		),
		driveId: z.optional(
			z.int('reports.errors.targetInvalid').check(z.positive('reports.errors.targetInvalid')),
		),
		reason: z.enum(reportReasons, 'reports.errors.reasonInvalid'),
		details,
	})
	.check(
		z.refine((input) => targetsNamed(input) === 1, {
			message: 'reports.errors.targetInvalid',
			path: ['target'],
		}),
		z.refine(
			(input) =>
				input.reason !== 'other' || (input.details ?? '').length >= reportLimits.detailsMin,
			{ message: 'reports.errors.detailsMin', path: ['details'] },
		),
	);

export type ReportInput = z.input<typeof reportInputSchema>;
export type ValidReport = z.output<typeof reportInputSchema>;
