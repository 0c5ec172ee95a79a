#include "RaceLabOutput.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <unistd.h>

/// Whose turn it is to write a line: 0 when nobody's. Taken and given back with relaxed atomics, which
/// ThreadSanitizer does not count as ordering the threads (no acquire, no release), and with compiler
/// fences only (`atomic_signal_fence`, which it ignores), so that the write stays between the two.
static int writing = 0;

void racelab_write_stdout(const void *bytes, size_t count) {
    int nobody = 0;
    while (!__atomic_compare_exchange_n(&writing, &nobody, 1, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
        nobody = 0;
        sched_yield();
    }
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    const char *next = bytes;
    size_t left = count;
    while (left > 0) {
        ssize_t written = write(STDOUT_FILENO, next, left);
        if (written < 0) {
            if (errno == EINTR) continue;
            break;  // stdout is gone (a closed pipe): nothing more can be said
        }
        next += written;
        left -= (size_t)written;
    }
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    __atomic_store_n(&writing, 0, __ATOMIC_RELAXED);
}

void racelab_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }
