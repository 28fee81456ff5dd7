// The C library allocator's settings a server process starts with (`npm start`, scripts/start.mjs; the benchmarks'
// and tests' server processes, to measure what runs). Each password check (scrypt, server/auth/passwords.ts) takes
// 16 MiB on one of libuv's threads; glibc keeps an arena per thread (up to 8 per core) and, after the first such
// block is freed, serves the next ones from the arena instead of mapping them, so each arena holds its 16 MiB for
// good: 4 concurrent sign-ins left a server about 85 MB larger. Two arenas, and blocks of 4 MiB and more always
// mapped and returned on free: 12 sign-ins, 4 at a time, then cost nothing (docs/operations.md, Memory).
export const SERVER_MALLOC_ENV = Object.freeze({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: String(4 * 1024 * 1024) });
