import { hash } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from './types';

/** Whether an `If-None-Match` header names `tag` (or `*`); weak tags compare by their value. */
export function matches(ifNoneMatch: string | undefined, tag: string): boolean {
	if (!ifNoneMatch) return false;
	if (ifNoneMatch.trim() === '*') return true;
	return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}

/** The strong `ETag` `jsonWithETag` gives a serialized body. */
function etagOfJson(body: string): string {
	return `"${hash('sha1', body, 'base64url')}"`;
}

/**
 * The `ETag` the API answers `data` with, so a page rendered with the same data can let its
 * first poll revalidate instead of downloading it again.
 */
export function etagOf(data: unknown): string {
	return etagOfJson(JSON.stringify(data));
}

/**
 * Answers `data` as JSON with a strong `ETag` of its bytes, or with an empty 304 when the caller
 * already holds those bytes, so the 3-second polling of an unchanged item sends no body. The
 * digest is taken synchronously over the serialized string: cheaper than Hono's `etag()`, which
 * clones the response and reads it back as a stream.
 */
export function jsonWithETag(c: Context<AppEnv>, data: unknown): Response {
	const body = JSON.stringify(data);
	const tag = etagOfJson(body);
	c.header('ETag', tag);
	if (matches(c.req.header('If-None-Match'), tag)) return c.body(null, 304);
	c.header('Content-Type', 'application/json');
	return c.body(body);
}

/**
 * Polled answers revalidate with their ETag; they differ by viewer, so only the browser keeps them.
 * Set before the answer exists: a header added to a finished answer makes Hono copy it into a new
 * one, reading its body back as a stream.
 */
export const revalidate = async (c: Context<AppEnv>, next: () => Promise<void>) => {
	c.header('Cache-Control', 'private, no-cache');
	c.header('Vary', 'Cookie, Authorization, Accept-Language');
	await next();
};
