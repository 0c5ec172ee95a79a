#include "RaceLabAtomics.h"

#include <stdatomic.h>
#include <stdlib.h>

struct racelab_relaxed_word {
    _Atomic(uint64_t) value;
};

racelab_relaxed_word *racelab_relaxed_create(uint64_t value) {
    racelab_relaxed_word *word = malloc(sizeof(racelab_relaxed_word));
    if (word) atomic_init(&word->value, value);
    return word;
}

void racelab_relaxed_destroy(racelab_relaxed_word *word) { free(word); }

uint64_t racelab_relaxed_load(racelab_relaxed_word *word) {
    return atomic_load_explicit(&word->value, memory_order_relaxed);
}

void racelab_relaxed_store(racelab_relaxed_word *word, uint64_t value) {
    atomic_store_explicit(&word->value, value, memory_order_relaxed);
}

uint64_t racelab_relaxed_add(racelab_relaxed_word *word, uint64_t amount) {
    return atomic_fetch_add_explicit(&word->value, amount, memory_order_relaxed);
}

static racelab_relaxed_word clock_speed = { 0x3FF0000000000000ull };  // 1.0
static racelab_relaxed_word clock_start = { 0 };

racelab_relaxed_word *racelab_clock_speed_word(void) { return &clock_speed; }
racelab_relaxed_word *racelab_clock_start_word(void) { return &clock_start; }
static racelab_relaxed_word random_sequence = { 0 };
racelab_relaxed_word *racelab_random_sequence_word(void) { return &random_sequence; }

static racelab_relaxed_word slow_add_calls = { 0 };
racelab_relaxed_word *racelab_slow_add_calls_word(void) { return &slow_add_calls; }

static racelab_relaxed_word random_delay_calls = { 0 };
racelab_relaxed_word *racelab_random_delay_calls_word(void) { return &random_delay_calls; }

static racelab_relaxed_word quick_delays = { 0 };
racelab_relaxed_word *racelab_quick_delays_word(void) { return &quick_delays; }

static racelab_relaxed_word slow_add_millis = { 1000 };
racelab_relaxed_word *racelab_slow_add_millis_word(void) { return &slow_add_millis; }

static racelab_relaxed_word slow_add_end_call = { 0 };
racelab_relaxed_word *racelab_slow_add_end_call_word(void) { return &slow_add_end_call; }

static racelab_relaxed_word slow_add_end_action = { 0 };
racelab_relaxed_word *racelab_slow_add_end_action_word(void) { return &slow_add_end_action; }

static racelab_relaxed_word marks_lines = { 0 };
racelab_relaxed_word *racelab_marks_lines_word(void) { return &marks_lines; }

static racelab_relaxed_word explorations = { 0 };
racelab_relaxed_word *racelab_explorations_word(void) { return &explorations; }

static racelab_relaxed_word lock_serials = { 0 };
racelab_relaxed_word *racelab_lock_serial_word(void) { return &lock_serials; }
