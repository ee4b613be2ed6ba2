#include <zlib.h>

// inflateInit2 is a macro (it passes the library version and struct size), so Swift cannot call it.
static inline int waymark_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
