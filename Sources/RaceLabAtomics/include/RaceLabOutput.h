// The lesson's standard output, reached from C. Swift 6 rejects a use of C's `stdout` (a mutable
// global), and rightly in general. The lesson's lines do not go through C's stdio at all: a stream's
// lock is glibc's own on Linux, which ThreadSanitizer does not see, but a pthread mutex on Apple's
// platforms (`flockfile`), which it intercepts, and there two threads that both print would look
// ordered to it and a race between them would go unreported.
#ifndef RACELAB_OUTPUT_H
#define RACELAB_OUTPUT_H

#include <stddef.h>

/// Writes `count` bytes to stdout with write(2), whole: no other line of the lesson's comes between
/// them. Nothing ThreadSanitizer counts as synchronisation orders the threads that call it (the
/// write(2) interceptor only releases, and relaxed atomics keep the turn).
void racelab_write_stdout(const void *bytes, size_t count);
/// Makes C's stdout line-buffered, for what the lesson's code prints with `print`: each of its lines
/// goes out as it is written, in order with the lesson's own, before a crash can lose it.
void racelab_line_buffer_stdout(void);

#endif
