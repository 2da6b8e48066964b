/**
 * A closed set of values and their labels, written once: the values in the order written (for
 * `z.enum`, filter buttons and lists), the labels by value, and the check of an unknown input.
 * Pure and free of zod, like the workflow tables that use it.
 */
export function labelled<const L extends Record<string, string>>(labels: L) {
  type V = keyof L & string;
  const values = Object.keys(labels) as [V, ...V[]];
  return {
    values: values as readonly [V, ...V[]],
    labels: labels as Readonly<Record<V, string>>,
    is: (v: unknown): v is V => typeof v === 'string' && Object.hasOwn(labels, v),
  };
}
