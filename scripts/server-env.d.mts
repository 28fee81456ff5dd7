/** The C library allocator's settings a server process starts with (scripts/server-env.mjs). */
export declare const SERVER_MALLOC_ENV: Readonly<{ MALLOC_ARENA_MAX: string; MALLOC_MMAP_THRESHOLD_: string }>;
