#include <stdlib.h>

// glibc keeps freed heap memory mapped for reuse; malloc_trim hands the freed pages back to the system.
// Swift's Glibc module does not export <malloc.h>, and other C libraries have no such call (a no-op there).
#if defined(__GLIBC__)
#include <malloc.h>
static inline int waymark_release_freed_memory(void) { return malloc_trim(0); }
#else
static inline int waymark_release_freed_memory(void) { return 0; }
#endif
