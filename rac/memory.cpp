#include "rac/memory.hpp"

namespace triage::rac {

int Memory::create(std::string name, const ir::Type &elem, size_t len) {
  auto b = std::make_shared<Block>(Block{std::move(name), elem, {}, true, nullptr, nullptr});
  b->cells.assign(len, default_value(elem));
  blocks_.push_back(std::move(b));
  total_cells_ += len;
  return int(blocks_.size()) - 1;
}

Block &Memory::writable(int id) {
  auto &b = blocks_.at(size_t(id));
  if (b.use_count() > 1) // shared with a snapshot: copy before writing
    b = std::make_shared<Block>(*b);
  return *b;
}

void Memory::kill(int id) {
  // A dead block keeps its name (printing, pointers into it) but no longer its cells.
  Block &b = writable(id);
  if (!b.alive) return;
  total_cells_ -= b.cells.size();
  b.cells.clear();
  b.cells.shrink_to_fit();
  b.alive = false;
}

Memory::Access Memory::check(const Value &ptr) const {
  if (ptr.block < 0) return Access::Null;
  const Block &b = block(ptr.block);
  if (!b.alive) return Access::Dead;
  if (ptr.num < 0 || ptr.num >= BigInt(b.cells.size())) return Access::OutOfBounds;
  return Access::Ok;
}

const Value &Memory::read(const Value &ptr) const {
  return block(ptr.block).cells.at(static_cast<size_t>(ptr.num));
}

void Memory::write(const Value &ptr, Value v) {
  write_cell(ptr.block, static_cast<size_t>(ptr.num), std::move(v));
}

void Memory::write_cell(int id, size_t offset, Value v) {
  writable(id).cells.at(offset) = std::move(v);
}

void Memory::set_shadow(int id, term::Term cells, term::Term length) {
  Block &b = writable(id);
  if (cells) b.cells_sym = std::move(cells);
  if (length) b.length_sym = std::move(length);
}

void Memory::drop_cells_shadow(int id) {
  writable(id).cells_sym = nullptr;
}

int Memory::latest(const std::string &name) const {
  for (int i = count() - 1; i >= 0; --i)
    if (blocks_[size_t(i)]->alive && blocks_[size_t(i)]->name == name) return i;
  return -1;
}

std::string Memory::display_name(int id) const {
  const std::string &name = block(id).name;
  int rank = 0, total = 0;
  for (int i = 0; i < count(); ++i)
    if (blocks_[size_t(i)]->name == name) {
      ++total;
      if (i <= id) ++rank;
    }
  return total > 1 && rank > 1 ? name + "#" + std::to_string(rank) : name;
}

} // namespace triage::rac
