// malloc_trim after an import.
#include "daemon/importers/freed_memory.hpp"

#include <malloc.h>

namespace kioku::daemon {

FreedMemoryRelease::~FreedMemoryRelease() {
  // Costs a walk over the heap's free chunks: milliseconds after a 100,000-card import, once.
  ::malloc_trim(0);
}

}  // namespace kioku::daemon
