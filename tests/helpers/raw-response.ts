import http from 'node:http';

export interface RawResponse {
	status: number;
	headers: http.IncomingHttpHeaders;
	body: Buffer;
}

/**
 * A request answered with its body as the server sent it: fetch would decompress it and hide
 * its encoding.
 */
export function rawResponse(
	url: string,
	headers: Record<string, string> = {},
	method = 'GET',
): Promise<RawResponse> {
	return new Promise((resolve, reject) => {
		const request = http.request(url, { method, headers }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('end', () =>
				resolve({
					status: response.statusCode!,
					headers: response.headers,
					body: Buffer.concat(chunks),
				}),
			);
		});
		request.on('error', reject);
		request.end();
	});
}
