import { createRemoteJWKSet, jwtVerify } from 'jose';

/**
 * Whether an `Authorization` header names the Bearer scheme. Such a request is authenticated by
 * its token or refused, never by the session cookie, so it carries no ambient credentials.
 */
export function namesBearer(authorization: string | undefined): boolean {
	return /^bearer(?:\s|$)/i.test(authorization?.trim() ?? '');
}

/** The one token of a Bearer header, or `null` when the header holds anything else. */
export function bearerToken(authorization: string | undefined): string | null {
	return /^bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1] ?? null;
}

export interface BearerIdentity {
	issuer: string;
	subject: string;
	email: string | null;
}

/**
 * Verifies API access tokens (`Authorization: Bearer …`): a JWT signed with a key from the
 * issuer's published key set, for our audience, not expired.
 */
export function createBearerVerifier(options: {
	audience: string;
	/** The issuer's discovery metadata: its identifier and where its keys are published. */
	issuerMetadata: () => Promise<{ issuer: string; jwks_uri?: string | undefined }>;
}) {
	let keySet: ReturnType<typeof createRemoteJWKSet> | undefined;

	return async function verifyBearer(token: string): Promise<BearerIdentity | null> {
		try {
			const { issuer, jwks_uri: jwksUri } = await options.issuerMetadata();
			if (!jwksUri) return null;
			keySet ??= createRemoteJWKSet(new URL(jwksUri));
			const { payload } = await jwtVerify(token, keySet, {
				issuer,
				audience: options.audience,
				requiredClaims: ['sub', 'exp'],
				clockTolerance: 5,
			});
			return {
				issuer: payload.iss!,
				subject: payload.sub!,
				email: typeof payload['email'] === 'string' ? payload['email'] : null,
			};
		} catch {
			return null;
		}
	};
}
