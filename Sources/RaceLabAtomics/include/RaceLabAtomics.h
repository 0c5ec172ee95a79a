// Relaxed atomic words for RaceLab's own bookkeeping (the lesson clock, a driver's tally). A relaxed
// atomic keeps a value whole, and ThreadSanitizer reports no race on it, but it orders nothing: it
// creates no happens-before edge between the threads that use it. A lock would: and because every
// thread of a demo reads the clock, a lock there would order the demo's threads for ThreadSanitizer
// and hide the very race a page teaches.
#ifndef RACELAB_ATOMICS_H
#define RACELAB_ATOMICS_H

#include <stdint.h>

// The module's umbrella header (SwiftPM's rule: the header named as the module): it brings the rest.
#include "RaceLabOutput.h"

typedef struct racelab_relaxed_word racelab_relaxed_word;

racelab_relaxed_word *racelab_relaxed_create(uint64_t value);
void racelab_relaxed_destroy(racelab_relaxed_word *word);
uint64_t racelab_relaxed_load(racelab_relaxed_word *word);
void racelab_relaxed_store(racelab_relaxed_word *word, uint64_t value);
/// Adds `amount` and returns the value before.
uint64_t racelab_relaxed_add(racelab_relaxed_word *word, uint64_t amount);

/// The lesson clock's two words, in static storage: reaching them needs no lazily initialised Swift
/// global, whose one-time initialisation (`swift_once`) ThreadSanitizer on Linux also sees as
/// synchronisation, on every access.
racelab_relaxed_word *racelab_clock_speed_word(void);
racelab_relaxed_word *racelab_clock_start_word(void);
/// A counter that makes each `randomDelay` draw different (see LessonClock.swift).
racelab_relaxed_word *racelab_random_sequence_word(void);
/// How many times `slowAdd` has been called (a driver counts the work an operation started; SlowAdd.swift).
racelab_relaxed_word *racelab_slow_add_calls_word(void);
/// How many times `randomDelay` has been called (a driver checks that slow work was kept; LessonClock.swift).
racelab_relaxed_word *racelab_random_delay_calls_word(void);
/// 1 while `randomDelay` only yields the processor (a driver's contention round; LessonClock.swift).
racelab_relaxed_word *racelab_quick_delays_word(void);
/// How long `slowAdd` takes, in lesson milliseconds (1000 unless a driver draws another).
racelab_relaxed_word *racelab_slow_add_millis_word(void);
/// A driver's moment at the end of one `slowAdd` call: the call's number (0: none) and its action, a
/// retained Swift object's address (SlowAdd.swift, `atEndOfSlowAdd`).
racelab_relaxed_word *racelab_slow_add_end_call_word(void);
racelab_relaxed_word *racelab_slow_add_end_action_word(void);
/// 1 when every narrated line starts with the runner's line mark (see Narration.swift).
racelab_relaxed_word *racelab_marks_lines_word(void);
/// How many schedule explorations are running: 0 lets `randomDelay` and `sleep` skip looking up
/// whether their thread is one the explorer schedules (Interleaving.swift).
racelab_relaxed_word *racelab_explorations_word(void);
/// How many explorable locks and semaphores have been made: each is named in a run's footprints by the
/// order it was made in, the same in every run of a program (ExplorableLock.swift).
racelab_relaxed_word *racelab_lock_serial_word(void);

#endif
