#include <stdlib.h>

// glibc keeps freed heap memory mapped for reuse; malloc_trim hands the freed pages back to the system.
// Swift's Glibc module does not export <malloc.h>, and other C libraries have no such call (a no-op there).
#if defined(__GLIBC__)
#include <malloc.h>
static inline int waymark_release_freed_memory(void) { return malloc_trim(0); }
// glibc gives threads that allocate at the same time arenas of their own (up to 8 per core), each keeping
// the pages its thread freed: a server's worker and event-loop threads held about 27 MB so on Porto.
// Caps the number of arenas at `count`, unless the environment's MALLOC_ARENA_MAX already chose.
static inline void waymark_limit_malloc_arenas(int count) {
    if (!getenv("MALLOC_ARENA_MAX")) mallopt(M_ARENA_MAX, count);
}
#else
static inline int waymark_release_freed_memory(void) { return 0; }
static inline void waymark_limit_malloc_arenas(int count) { (void)count; }
#endif
