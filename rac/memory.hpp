// Memory: blocks of typed cells, named after what created them (a pointer parameter, a global or
// a local array). Blocks are shared copy-on-write, so that snapshots of the whole state (for
// `old`, `at`, frame checks) cost one pointer per block.
#pragma once

#include "rac/value.hpp"

#include <memory>
#include <string>
#include <vector>

namespace triage::rac {

struct Block {
  std::string name; ///< the parameter, global or local array it was created for
  ir::Type elem;    ///< type of its cells
  std::vector<Value> cells;
  bool alive = true; ///< false once the function owning a local array has returned
  /// Symbolic shadow (Config::symbolic): the cells as an array term, authoritative over the
  /// cells' own shadows once set (an input block, or a block read or written at a symbolic
  /// offset); and the length as a term for input blocks. Null: concrete.
  term::Term cells_sym, length_sym;
};

class Memory {
public:
  enum class Access { Ok, Null, Dead, OutOfBounds };

  /// A fresh block of `len` cells holding the default value of `elem`; returns its index.
  int create(std::string name, const ir::Type &elem, size_t len);
  int count() const { return int(blocks_.size()); }
  const Block &block(int id) const { return *blocks_.at(size_t(id)); }
  void kill(int id);
  /// Whether the cell `ptr` points to can be read or written.
  Access check(const Value &ptr) const;
  /// The cell at `ptr`; check() must have answered Ok.
  const Value &read(const Value &ptr) const;
  void write(const Value &ptr, Value v);
  void write_cell(int id, size_t offset, Value v);
  /// Sets the symbolic shadows of a block (null: unchanged).
  void set_shadow(int id, term::Term cells, term::Term length = nullptr);
  /// The cells are no longer symbolic as a whole (each keeps its own value's term, if any).
  void drop_cells_shadow(int id);
  /// The most recently created live block of that name, -1 when there is none.
  int latest(const std::string &name) const;
  /// A unique printable name: the block's name, with `#k` when several blocks share it.
  std::string display_name(int id) const;
  /// Cells of the live blocks.
  size_t total_cells() const { return total_cells_; }
  /// The block, copied first when a snapshot shares it. For compiled loops (rac/compiled_loop.hpp),
  /// which write many cells of a block and keep it until the next snapshot can be taken.
  Block &writable(int id);

private:
  std::vector<std::shared_ptr<Block>> blocks_;
  size_t total_cells_ = 0;
};

} // namespace triage::rac
