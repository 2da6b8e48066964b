/**
 * The heap sizes the content process runs with, wherever it runs (its Deployment's args, the local
 * stack, the benchmarks), so a replica behaves the same in each: a 512 MiB pod.
 *
 * Unpinned, V8 sizes its heap from the machine: on a 23 GB host the young generation alone grew to
 * 128 MB, on top of the cache budget; inside a 512 MiB cgroup it starts at 1 MB and the process
 * collects old-space garbage several times a second under a reader mix. 16 MB semi-spaces keep the
 * collector's work low; the old space is what Node gives a 512 MiB container by itself.
 */
export const CONTENT_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16', '--max-old-space-size=256'];
