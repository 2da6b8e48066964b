/**
 * The Node flags the gateway runs with wherever it runs (its Deployment's args, the local stack,
 * the benchmarks).
 *
 * V8 lets the heap's limit grow only a little past what is live, so an upload passing through
 * (its socket buffers) keeps starting full collections of the whole heap; the limit may grow to
 * twice what is live, as content-staff's (services/content/src/node-flags.ts). Its heap is the
 * 18 MB of code it runs (docs/architecture.md#gateway-memory), so the room that buys is small:
 * CPU per 10 MB submission 15.8-16.6 ms against 17.4-20.9 without; RSS under the reliability
 * suite's 200 readers 181-189 MB against 181, the pod's limit 256 MiB (bench/upload-cpu.md). With
 * the 36 MB heap it had before, the same flag took that RSS to 250-256 MB and was withdrawn.
 */
export const GATEWAY_NODE_FLAGS: readonly string[] = ['--heap-growing-percent=100'];
