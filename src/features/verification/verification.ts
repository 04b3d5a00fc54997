import type { z } from 'zod/mini';
import type { verificationConfigSchema } from './verification.routes';

/** How the server wants people verified: Cloudflare Turnstile, or a simulated check in development. */
export type VerificationConfig = z.output<typeof verificationConfigSchema>;
