import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { parseUploadResponse } from './upload';

describe('parseUploadResponse', () => {
	it("returns a success's data", () => {
		expect(parseUploadResponse({ status: 201, text: '{"data":{"id":4}}' })).toEqual({ id: 4 });
	});

	it('throws the error envelope as an ApiError', () => {
		const text = JSON.stringify({
			error: { code: 'VALIDATION_ERROR', message: 'Periksa isian.', fields: { name: 'x' } },
		});
		let thrown: unknown;
		try {
			parseUploadResponse({ status: 400, text });
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toBeInstanceOf(ApiError);
		expect(thrown).toMatchObject({
			status: 400,
			code: 'VALIDATION_ERROR',
			message: 'Periksa isian.',
			fields: { name: 'x' },
		});
	});

	it('treats a body that is not the envelope as an internal error without a message', () => {
		expect(() => parseUploadResponse({ status: 502, text: '<html>Bad gateway</html>' })).toThrow(
			expect.objectContaining({ status: 502, code: 'INTERNAL', message: '' }),
		);
	});
});
