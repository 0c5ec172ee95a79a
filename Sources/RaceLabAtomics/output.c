#include "RaceLabOutput.h"

#include <stdio.h>

void racelab_write_stdout(const void *bytes, size_t count) { fwrite(bytes, 1, count, stdout); }

void racelab_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }
