import { Types } from 'mongoose';
import { isObjectId } from '@journal/contracts';

/** A lean document turned into the plain object repositories return: `id` string, no `_id`/`__v`/`journalId`. */
export function toPlain<T>(d: Record<string, unknown> | null | undefined): (T & { id: string }) | null {
  if (!d) return null;
  const { _id, __v, journalId, ...rest } = d;
  void __v; void journalId;
  return { ...(rest as T), id: String(_id) } as T & { id: string };
}

export const toPlainList = <T>(ds: Record<string, unknown>[]): (T & { id: string })[] =>
  ds.map((d) => toPlain<T>(d)!);

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
export function groupByJournal<T>(ds: Record<string, unknown>[]): Map<string, (T & { id: string })[]> {
  const out = new Map<string, (T & { id: string })[]>();
  for (const d of ds) {
    const j = String(d.journalId);
    let list = out.get(j);
    if (!list) out.set(j, (list = []));
    list.push(toPlain<T>(d)!);
  }
  return out;
}
