/** An S3-compatible bucket: AWS S3, Cloudflare R2, MinIO (README, "Photos in object storage"). */
export interface ObjectStorageConfig {
	bucket: string;
	region: string;
	/** Another service than AWS (R2, MinIO); addressed by path (`endpoint/bucket/key`). */
	endpoint: string | undefined;
	accessKeyId: string;
	secretAccessKey: string;
}

/**
 * The bucket named by `STORAGE_URL` (`s3://KEY:SECRET@host[:port]/bucket?region=…`, with
 * `s3+http://` for a plain-HTTP MinIO and `host` `s3.amazonaws.com` for AWS itself) or by the
 * `S3_*` variables; `null` when neither is set (photos stay in `DATA_DIR/uploads`).
 */
export function readObjectStorageConfig(env: NodeJS.ProcessEnv): ObjectStorageConfig | null {
	const url = env['STORAGE_URL'];
	if (url) {
		if (!URL.canParse(url) || !/^s3(\+https?)?:$/.test(new URL(url).protocol)) {
			throw new Error('STORAGE_URL must look like s3://KEY:SECRET@host/bucket?region=…');
		}
		const parsed = new URL(url);
		const bucket = decodeURIComponent(parsed.pathname.replace(/^\/|\/$/g, ''));
		if (!bucket || !parsed.username || !parsed.password) {
			throw new Error('STORAGE_URL needs an access key, a secret and a bucket');
		}
		const scheme = parsed.protocol === 's3+http:' ? 'http' : 'https';
		return {
			bucket,
			region: parsed.searchParams.get('region') ?? 'us-east-1',
			endpoint: parsed.host === 's3.amazonaws.com' ? undefined : `${scheme}://${parsed.host}`,
			accessKeyId: decodeURIComponent(parsed.username),
			secretAccessKey: decodeURIComponent(parsed.password),
		};
	}
	const bucket = env['S3_BUCKET'];
	if (!bucket) return null;
	const missing = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]);
	if (missing.length > 0) throw new Error(`${missing.join(' and ')} must be set with S3_BUCKET`);
	return {
		bucket,
		region: env['S3_REGION'] || 'us-east-1',
		endpoint: env['S3_ENDPOINT'] || undefined,
		accessKeyId: env['S3_ACCESS_KEY_ID']!,
		secretAccessKey: env['S3_SECRET_ACCESS_KEY']!,
	};
}
