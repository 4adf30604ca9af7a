// Two decimal digits with one copy from a table of "00".."99": time formatting writes the
// dates and clock times of replay's million lines this way, and replay its decimals.
#pragma once

#include <cstring>

namespace kioku {

// "00", "01", … "99" back to back.
inline constexpr char kDigitPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

// Writes `value`, 0 to 99, as two digits at `out`.
inline void write_digit_pair(char* out, unsigned value) noexcept {
  std::memcpy(out, kDigitPairs + 2 * value, 2);
}

}  // namespace kioku
