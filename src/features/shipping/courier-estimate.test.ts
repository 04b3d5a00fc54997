import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useTranslations } from '~/server/i18n';
import { courierOrder } from '../../../tests/helpers/island-fixtures';
import { OrderSummary } from './OrderSummary';
import { durationText, durationWords, parseDuration } from './shipping';

const t = { id: useTranslations('id'), en: useTranslations('en') };

describe('a courier’s estimate', () => {
	it('is kept in words it reads back as numbers', () => {
		for (const range of [
			{ min: 3, max: 4, unit: 'days' },
			{ min: 1, max: 1, unit: 'days' },
			{ min: 6, max: 12, unit: 'hours' },
		] as const) {
			expect(parseDuration(durationWords(range))).toEqual(range);
		}
		expect(durationWords({ min: 3, max: 4, unit: 'days' })).toBe('3 - 4 days');
		expect(parseDuration('same day')).toBeNull();
	});

	it('reads the same in the rate list and on an order, in the reader’s language', () => {
		expect(durationText({ min: 3, max: 4, unit: 'days' }, t.id)).toBe('Estimasi 3–4 hari');
		expect(durationText({ min: 3, max: 4, unit: 'days' }, t.en)).toBe('Estimated 3–4 days');
		expect(durationText({ min: 1, max: 1, unit: 'days' }, t.en)).toBe('Estimated 1 day');

		const order = courierOrder('paid');
		const summary = (language: 'id' | 'en') =>
			renderToStaticMarkup(createElement(OrderSummary, { order, t: t[language] }));
		expect(summary('id')).toContain('JNE Regular (Estimasi 2–3 hari)');
		expect(summary('id')).not.toContain('days');
		expect(summary('en')).toContain('JNE Regular (Estimated 2–3 days)');
	});

	it('shows an estimate an order kept in other words as it was given', () => {
		const order = courierOrder('paid');
		const kept = {
			...order,
			courier: { ...order.courier, duration: 'Same day', durationRange: null },
		};
		expect(renderToStaticMarkup(createElement(OrderSummary, { order: kept, t: t.id }))).toContain(
			'JNE Regular (Same day)',
		);
	});
});
