import { crossJournal } from '@journal/server-kit';

/**
 * The content service's queries that name no journal on purpose (docs/security.md#tenancy-guard),
 * each with its reason.
 */

/** By `_id` alone, the journal checked on the result: FerretDB pushes down only a lone `_id` filter. */
export const BY_ID = crossJournal('by _id alone for FerretDB; the journal is checked on the result');
/** The read models load every journal in one scan at start (one scan costs what one journal's does). */
export const EVERY_JOURNAL = crossJournal('read models: every journal loaded in one scan at start');
/** The sweep of adds that never finished reads every journal's pending articles at once. */
export const PENDING_SWEEP = crossJournal('sweep: every journal\'s articles whose add never finished');
