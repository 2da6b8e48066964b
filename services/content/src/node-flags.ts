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

/**
 * content-staff takes the uploads (manuscripts, article PDFs), and their bytes pass through buffers
 * outside the heap (the body, then the driver's copies of each insert) that V8 counts toward the
 * same limit as the heap. With a 256 MB old space it lets that limit grow little past what is live
 * (some 60 MB), so every 10 MB upload set off a full collection of the whole heap, on four threads:
 * half the process's CPU per submission (111 full collections for 104 submissions of 10 MB). The
 * limit is let grow to twice what is live (the old space stays at 256 MB, the pod at 512 MiB): 56
 * full collections for the same 104 (four times: 57), peak RSS 276-380 MB as before
 * (bench/upload-cpu.md).
 *
 * What was left came from another rule: V8 counts buffers outside the heap apart and starts a full
 * collection after every 64 MB more of them, whatever the heap's limit, and a submission passes
 * some 40 MB through such buffers. `--external-memory-accounted-in-global-limit` counts them
 * within the heap's own limit instead (the one the growth above sets): through the whole stack,
 * 8 submitters of 10 MB, 18 full collections in the process's life (start-up and 104 submissions)
 * against 56, CPU per submission 52-54 ms against 76-77 (bench/upload-cpu.md), peak RSS 394-426 MB
 * against 393-410 (the pod's limit is 537 MB).
 */
/*
 * `--no-lazy`: V8 compiles every function when its module is loaded, not at its first call. A
 * replica's first save after a start otherwise compiled, on its one thread, the code it ran for the
 * first time (the database driver's and mongoose's writes, express's, the publisher's): some 12-20
 * ms of its CPU, code the start's warm-up cannot run without a database call. At start it costs some
 * 100 ms of CPU and 10-17 MB of RSS (165 → 174-179 MB idle), within the pod's limit
 * (docs/architecture.md#a-saves-code-run-at-start). The staff side only: readers' pods start more
 * often and serve reads whose code their first requests compile quickly. `--no-flush-bytecode`
 * keeps that bytecode: V8 otherwise drops the bytecode of functions nothing ran through several
 * full collections, and a staff replica idle for hours would compile its save path again at the next
 * save. It costs nothing over the RSS above, which already holds that bytecode.
 */
export const CONTENT_STAFF_NODE_FLAGS: readonly string[] = [...CONTENT_NODE_FLAGS, '--heap-growing-percent=100', '--external-memory-accounted-in-global-limit', '--no-lazy', '--no-flush-bytecode'];

/** The flags of a content Deployment's process (content, content-staff). */
export const contentNodeFlags = (deployment: string): readonly string[] => (deployment === 'content-staff' ? CONTENT_STAFF_NODE_FLAGS : CONTENT_NODE_FLAGS);
