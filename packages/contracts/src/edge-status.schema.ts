import { z } from 'zod';

/**
 * GET /api/admin/edge-status (docs/product.md#publishing-status): how far the caches in front of
 * the public site (nginx, a CDN) have followed the journal's saved changes. Every change a save
 * hands to them gets the next number; a save answers once it is stored, and its change reaches the
 * caches shortly after.
 */
export const edgeStatusSchema = z.object({
  /** The number of the journal's last change handed to the caches (0: none yet). */
  published: z.number().int().min(0),
  /** Every change up to this number is live everywhere: no cache in front still holds the old answers. */
  live: z.number().int().min(0),
  /**
   * The last change a cache could not be told of after every retry (0: none): the old answers stay
   * there until they expire.
   */
  failed: z.number().int().min(0),
});
export type EdgeStatus = z.infer<typeof edgeStatusSchema>;
