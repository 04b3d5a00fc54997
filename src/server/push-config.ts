/** Web Push's settings (RFC 8292): the site's VAPID keys and contact, and extra push services. */
export interface PushConfig {
	/**
	 * `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY` (base64url); unset, a pair is generated on first
	 * use and kept in the database, so every process on it signs with the same one.
	 */
	vapidKeys: { publicKey: string; privateKey: string } | null;
	/** `VAPID_SUBJECT`: how a push service reaches the site's operator, `mailto:` or `https:`. */
	subject: string;
	/**
	 * `PUSH_ALLOWED_ORIGINS`: push services accepted besides the browsers' own, e.g. a test
	 * receiver (`http:` is allowed only here).
	 */
	allowedOrigins: string[];
}

/** Reads the push settings, refusing at start-up what could never sign a message. */
export function readPushConfig(
	env: NodeJS.ProcessEnv,
	publicUrl: string,
	mailFrom: string | undefined,
): PushConfig {
	const publicKey = env['VAPID_PUBLIC_KEY'] || undefined;
	const privateKey = env['VAPID_PRIVATE_KEY'] || undefined;
	if (Boolean(publicKey) !== Boolean(privateKey)) {
		throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together, or neither');
	}
	if (publicKey && !isPublicKey(publicKey)) {
		throw new Error('VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url');
	}
	if (privateKey && base64urlBytes(privateKey)?.length !== 32) {
		throw new Error('VAPID_PRIVATE_KEY must be a 32-byte P-256 private key in base64url');
	}
	const subject = env['VAPID_SUBJECT'] || defaultSubject(publicUrl, mailFrom);
	if (!/^(mailto:.+@.+|https:\/\/.+)$/.test(subject) || !URL.canParse(subject)) {
		throw new Error(`VAPID_SUBJECT must be a mailto: or https: address, not "${subject}"`);
	}
	return {
		vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : null,
		subject,
		allowedOrigins: (env['PUSH_ALLOWED_ORIGINS'] ?? '')
			.split(',')
			.map((origin) => origin.trim())
			.filter(Boolean)
			.map(pushOrigin),
	};
}

/** The site itself when it is on https, else the address its mail comes from. */
function defaultSubject(publicUrl: string, mailFrom: string | undefined): string {
	if (publicUrl.startsWith('https://')) return new URL(publicUrl).origin;
	const address = mailFrom?.match(/<([^>]+)>/)?.[1] ?? mailFrom?.trim();
	return `mailto:${address || `no-reply@${new URL(publicUrl).hostname}`}`;
}

function pushOrigin(value: string): string {
	const url = URL.canParse(value) ? new URL(value) : null;
	if (
		!url ||
		!['http:', 'https:'].includes(url.protocol) ||
		url.origin !== value.replace(/\/$/, '')
	) {
		throw new Error(
			`PUSH_ALLOWED_ORIGINS must list origins like https://push.example, not "${value}"`,
		);
	}
	return url.origin;
}

function base64urlBytes(value: string): Buffer | null {
	return /^[\w-]+$/.test(value) ? Buffer.from(value, 'base64url') : null;
}

/** Whether `value` is a P-256 public key as browsers and push services send it. */
function isPublicKey(value: string): boolean {
	const bytes = base64urlBytes(value);
	return bytes?.length === 65 && bytes[0] === 0x04;
}
