// Gives the heap's free memory back to the system after a large import.
#pragma once

namespace kioku::daemon {

// On destruction, returns the free pages of the heap to the system (malloc_trim). An import
// allocates and frees tens of megabytes in small pieces (the file, the deck, SQLite's pages);
// glibc would keep them, and kiokud, which runs for days, would stay that large. Put one at the
// top of a scope that imports; it runs however the scope ends, also after a refused deck.
class FreedMemoryRelease {
 public:
  FreedMemoryRelease() = default;
  ~FreedMemoryRelease();
  FreedMemoryRelease(const FreedMemoryRelease&) = delete;
  FreedMemoryRelease& operator=(const FreedMemoryRelease&) = delete;
};

}  // namespace kioku::daemon
