#include "classify/input_variants.hpp"

#include <random>

namespace triage::classify {
namespace {

void collect_integers(const ir::Json &v, std::vector<ir::BigInt> &out) {
  if (v.is_int()) out.push_back(v.as_int());
  if (v.is_array())
    for (const auto &cell : v.as_array())
      collect_integers(cell, out);
}

/// Replaces each integer of `v` with probability 1/3; pointers into other blocks (objects),
/// booleans and nulls stay.
void vary(ir::Json &v, const std::vector<ir::BigInt> &pool, std::mt19937 &rng) {
  if (v.is_array()) {
    for (auto &cell : v.as_array())
      vary(cell, pool, rng);
    return;
  }
  if (!v.is_int() || rng() % 3 != 0) return;
  const ir::BigInt old = v.as_int();
  switch (rng() % 3) {
  case 0:
    v = pool[rng() % pool.size()];
    break;
  case 1: { // a neighbour, on the same side of zero (an unsigned input stays one)
    ir::BigInt next = old + (rng() % 2 ? 1 : -1);
    if (old >= 0 && next < 0) next = old + 1;
    v = next;
    break;
  }
  default:
    v = ir::BigInt(long(rng() % 4));
    break;
  }
}

} // namespace

std::vector<ir::Counterexample> input_variants(const ir::Counterexample &input, size_t count,
                                               unsigned seed) {
  std::vector<ir::BigInt> pool;
  for (const auto &[name, value] : input.inputs)
    collect_integers(value, pool);
  std::vector<ir::Counterexample> out;
  if (pool.empty()) return out;
  std::mt19937 rng(seed);
  for (size_t i = 0; i < count; ++i) {
    ir::Counterexample variant = input;
    for (auto &[name, value] : variant.inputs)
      vary(value, pool, rng);
    if (variant.inputs != input.inputs) out.push_back(std::move(variant));
  }
  return out;
}

} // namespace triage::classify
