// The cells compiled code writes: a block shared with a snapshot is copied on the first write,
// as Memory::write does it, and every pointer register into it then sees the copy.
#include "rac/compiled_loop.hpp"

namespace triage::rac::compiled {

Block &writable_block(std::int64_t reg, Exec &ex) {
  const int id = ex.blocks[size_t(reg)];
  Block &w = ex.mem->writable(id);
  for (size_t r = 0; r < ex.blocks.size(); ++r)
    if (ex.blocks[r] == id && ex.readable[r]) {
      ex.readable[r] = &w;
      ex.writable[r] = &w;
    }
  return w;
}

} // namespace triage::rac::compiled
