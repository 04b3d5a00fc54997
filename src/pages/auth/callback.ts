import type { APIRoute } from 'astro';
import { finishSignIn } from '~/server/auth/sign-in-flow';
import { getServerContext } from '~/app/context';

export const prerender = false;

export const GET: APIRoute = async (context) => finishSignIn(await getServerContext(), context);
