// A hint to start loading the cache line at an address that will be read soon. Swift has no such
// call; a wrong or useless hint costs one instruction and never changes a result.
#if defined(__GNUC__) || defined(__clang__)
static inline void waymark_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }
#else
static inline void waymark_prefetch(const void *address) { (void)address; }
#endif
