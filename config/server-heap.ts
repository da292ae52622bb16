/**
 * V8 flags the server runs with (`npm start`, the end-to-end server, the digest figure's
 * process): a young generation of 2 x 8 MB and old-space growth of 30% between full collections.
 * Under Node 24 the default young generation grows to 128 MB while modules load (resolving
 * large package export maps makes that much short-lived garbage) and keeps it, and a bulk send
 * lets the old space grow to several times what is live: a 100,000-copy digest then peaked at
 * 440 MB RSS, against about 200 MB with these flags at the same sending rate (bench/digest.ts).
 * package.json's start script repeats them (config/server-heap.test.ts keeps the two equal).
 */
export const SERVER_HEAP_FLAGS = ["--max-semi-space-size=8", "--heap-growing-percent=30"] as const;
