/** The part of citation-js that bench/citation-writers.ts uses (the package ships no types). */
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown);
    format(format: string, options?: Record<string, unknown>): string;
  }
}
