// The lesson's standard output, reached from C. Swift 6 rejects a use of C's `stdout` (a mutable
// global), and rightly in general; but a C stream is thread-safe by itself: each call takes the
// stream's own lock, which ThreadSanitizer does not count as ordering the threads that print.
#ifndef RACELAB_OUTPUT_H
#define RACELAB_OUTPUT_H

#include <stddef.h>

/// Writes `count` bytes to stdout in one `fwrite`, so a line is never torn by another thread's.
void racelab_write_stdout(const void *bytes, size_t count);
/// Makes stdout line-buffered: each line goes out as it is written, before a crash can lose it.
void racelab_line_buffer_stdout(void);

#endif
