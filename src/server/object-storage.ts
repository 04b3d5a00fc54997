import {
	DeleteObjectCommand,
	GetObjectCommand,
	ListObjectsV2Command,
	NoSuchKey,
	PutObjectCommand,
	S3Client,
} from '@aws-sdk/client-s3';
import type { ObjectStorageConfig } from './object-storage-config';
import { isPrivateStorageKey, type Storage } from './storage';

/**
 * Stored photos in an S3-compatible bucket, shared by every instance. Objects carry the long
 * cache headers themselves, so a public bucket or CDN (`MEDIA_BASE_URL`) serves them as the
 * site's `/media/` would.
 */
export function objectStorage(config: ObjectStorageConfig): Storage {
	const client = new S3Client({
		region: config.region,
		credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
		...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
	});
	const Bucket = config.bucket;
	return {
		// One request: an object appears whole or not at all, so no temporary name is needed.
		async put(key, data, contentType) {
			await client.send(
				new PutObjectCommand({
					Bucket,
					Key: key,
					Body: data,
					ContentType: contentType,
					CacheControl: isPrivateStorageKey(key)
						? 'private, no-store'
						: 'public, max-age=31536000, immutable',
				}),
			);
		},
		async get(key) {
			try {
				const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
				return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
			} catch (error) {
				if (error instanceof NoSuchKey) return null;
				throw error;
			}
		},
		async delete(key) {
			await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
		},
		async list(prefix) {
			const files: { key: string; modifiedAt: Date }[] = [];
			let ContinuationToken: string | undefined;
			do {
				const page = await client.send(
					new ListObjectsV2Command({ Bucket, Prefix: `${prefix}/`, ContinuationToken }),
				);
				for (const object of page.Contents ?? []) {
					if (object.Key && object.LastModified) {
						files.push({ key: object.Key, modifiedAt: object.LastModified });
					}
				}
				ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
			} while (ContinuationToken);
			return files;
		},
	};
}
