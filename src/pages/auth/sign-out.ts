import type { APIRoute } from 'astro';
import { signOut } from '~/server/auth/sign-in-flow';
import { getServerContext } from '~/app/context';

export const prerender = false;

/** Sign-out is a POST from the user menu; Astro refuses it from other origins. */
export const POST: APIRoute = async (context) => signOut(await getServerContext(), context);
