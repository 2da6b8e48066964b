/**
 * The heap sizes the content process runs with, wherever it runs (its Deployment's args, the local
 * stack, the benchmarks), so a replica behaves the same in each: as in a 512 MiB pod.
 *
 * Unpinned, V8 sizes its heap from the machine: on a 23 GB host the young generation alone grew to
 * 128 MB besides the cache budget. Inside a 512 MiB cgroup Node gives the heap 259 MB and keeps the
 * young generation small, and under a reader mix the process ran about two full collections a
 * second (97 in 43 s). 16 MB semi-spaces keep the collector's work low for some 15 MB of RSS more
 * than 8 MB ones; the old space is what Node gives a 512 MiB container by itself.
 */
export const CONTENT_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16', '--max-old-space-size=256'];
