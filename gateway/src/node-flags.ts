/**
 * The Node flags the gateway runs with wherever it runs (its Deployment's args, the local stack,
 * the benchmarks).
 *
 * The gateway's heap holds some 38 MB that stay (its libraries and the shared package's modules),
 * and V8 let its limit grow only a quarter past that: 10 MB of room, less than the young
 * generation, so V8 kept starting full collections of the whole heap (`--trace-incremental-marking`
 * says "allocation limit" and "task"), 40 for 104 uploads of 10 MB and half the gateway's CPU per
 * upload. The limit may grow to twice what is live, as content-staff's (services/content/src/node-flags.ts):
 * 20 full collections, those left started by the uploads' buffers outside the heap (one per 64 MB
 * of socket reads); CPU per 10 MB submission 18 ms against 26-31, peak RSS 231 MB against 170-233
 * (the pod's limit is 256 MiB) (bench/upload-cpu.md).
 */
export const GATEWAY_NODE_FLAGS: readonly string[] = ['--heap-growing-percent=100'];
