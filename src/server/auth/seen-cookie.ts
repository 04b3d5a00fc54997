/**
 * A cookie that says only "this browser has signed in here before", so a signed-out visit to a
 * member's page offers signing in rather than signing up. It names no one and outlives sign-out.
 */
export const seenCookie = 'hibahin_seen';

/** How long it lasts: 400 days, the longest browsers keep a cookie. */
export const seenCookieMaxAgeSeconds = 400 * 24 * 60 * 60;
