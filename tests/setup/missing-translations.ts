import { throwOnMissingKeys } from '~/lib/i18n/translate';

// Production shows a missing key as itself; in tests it is an error, so it cannot go unnoticed.
throwOnMissingKeys();
