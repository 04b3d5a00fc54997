import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no types.
import S3rver from 's3rver';

export const testBucket = 'hibahin-photos';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3 protocol server (s3rver) with an empty bucket, behind a small proxy that can be told
 * to refuse uploads: `failPutsAfter(n)` lets `n` more uploads through, then answers every further
 * one with a 500, as a failing object store would.
 */
export async function startS3Server() {
	const directory = mkdtempSync(join(tmpdir(), 'hibahin-s3-'));
	const s3rver = new S3rver({
		address: '127.0.0.1',
		port: 0,
		silent: true,
		directory,
		configureBuckets: [{ name: testBucket, configs: [] }],
	});
	const { port: s3Port } = (await s3rver.run()) as AddressInfo;
	let putsLeft = Number.POSITIVE_INFINITY;
	const proxy: Server = createServer((incoming, answer) => {
		if (incoming.method === 'PUT') {
			if (putsLeft <= 0) {
				incoming.resume();
				answer.writeHead(500, { 'Content-Type': 'application/xml' });
				answer.end('<Error><Code>InternalError</Code><Message>Refused</Message></Error>');
				return;
			}
			putsLeft -= 1;
		}
		const forwarded = request(
			{
				host: '127.0.0.1',
				port: s3Port,
				method: incoming.method,
				path: incoming.url,
				headers: incoming.headers,
			},
			(upstream) => {
				answer.writeHead(upstream.statusCode ?? 502, upstream.headers);
				upstream.pipe(answer);
			},
		);
		incoming.pipe(forwarded);
	}).listen(0, '127.0.0.1');
	await once(proxy, 'listening');
	const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
	const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
	return {
		/** The environment that points the site at this bucket. */
		env: {
			S3_ENDPOINT: endpoint,
			S3_BUCKET: testBucket,
			S3_REGION: 'us-east-1',
			S3_ACCESS_KEY_ID: credentials.accessKeyId,
			S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
		},
		failPutsAfter(count: number) {
			putsLeft = count;
		},
		/** Every key in the bucket under `prefix`, sorted. */
		async keys(prefix = ''): Promise<string[]> {
			const page = await client.send(
				new ListObjectsV2Command({ Bucket: testBucket, Prefix: prefix }),
			);
			return (page.Contents ?? []).map((object) => object.Key!).sort();
		},
		/** The `Cache-Control` the bucket serves `key` with. */
		async cacheControl(key: string): Promise<string | undefined> {
			const head = await client.send(new HeadObjectCommand({ Bucket: testBucket, Key: key }));
			return head.CacheControl;
		},
		async close() {
			client.destroy();
			proxy.close();
			await s3rver.close();
			rmSync(directory, { recursive: true, force: true });
		},
	};
}
