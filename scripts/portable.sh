# Sourced by the maintainer scripts: what Linux (bash 5, GNU tools) and macOS (bash 3.2, BSD tools)
# do differently, done one way that works on both. `racelab portability` checks the scripts for the rest.

# Microseconds since the epoch: bash 5's clock where there is one, perl's (on every Mac) otherwise.
# (EPOCHREALTIME's decimal mark follows the locale.)
micros() {
  if [ -n "${EPOCHREALTIME:-}" ]; then echo "${EPOCHREALTIME/[.,]/}" # portable: bash 5 only, asked first
  else perl -MTime::HiRes=time -e 'printf("%.0f\n", time() * 1e6)'; fi
}

# The cores this machine has online (GNU's nproc is not on a Mac).
cores() { getconf _NPROCESSORS_ONLN 2>/dev/null || sysctl -n hw.ncpu; }
