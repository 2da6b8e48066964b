import { Types } from 'mongoose';
import { isObjectId } from '@journal/contracts';

/** What repositories return for a stored document: its fields, `id` for `_id`, no `__v` or journal id. */
export type Plain<D> = Omit<D, '_id' | '__v' | 'journalId'> & { id: string };

/**
 * A lean document turned into the plain object repositories return. The type follows the
 * document's, so a field renamed in a schema's document type fails the build where it is read.
 */
export function toPlain<D extends { _id: unknown }>(d: D | null | undefined): Plain<D> | null {
  if (!d) return null;
  const out: Record<string, unknown> = { ...d };
  delete out._id;
  delete out.__v;
  delete out.journalId;
  out.id = String(d._id);
  // The one place the shape is asserted: exactly D's fields less the three deleted, plus id.
  return out as Plain<D>;
}

export const toPlainList = <D extends { _id: unknown }>(ds: D[]): Plain<D>[] => ds.map((d) => toPlain(d)!);

/** ObjectId or null for anything that is not a 24-hex id (never throws on user input). */
export function oid(id: unknown): Types.ObjectId | null {
  return typeof id === 'string' && isObjectId(id.toLowerCase()) ? new Types.ObjectId(id) : null;
}

/**
 * The journal id a repository scopes by, stored as its 24-hex string (cheap equality on FerretDB).
 * Anything else is a programming error, not user input: requireTenant has validated it already.
 */
export function jid(journalId: string): string {
  if (!isObjectId(journalId)) throw new Error(`invalid journal id: ${String(journalId)}`);
  return journalId;
}

/** Lean documents of many journals as plain objects grouped by journal id (one scan loads every read model). */
export function groupByJournal<D extends { _id: unknown; journalId: string }>(ds: D[]): Map<string, Plain<D>[]> {
  const out = new Map<string, Plain<D>[]>();
  for (const d of ds) {
    let list = out.get(d.journalId);
    if (!list) out.set(d.journalId, (list = []));
    list.push(toPlain(d)!);
  }
  return out;
}
