import { createRemoteJWKSet, jwtVerify } from 'jose';

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
