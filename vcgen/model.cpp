#include "vcgen/model.hpp"

#include "vcgen/logic.hpp"

#include <algorithm>

namespace triage::vcgen {
namespace {

constexpr int kMaxCells = 1000; // a model may give a block any length; show at most this much

class Reader {
public:
  Reader(Backend &m, const GoalVC &vc) : m_(m), vc_(vc), info_(*vc.info) {}

  ir::Json scalar(const ir::Type &t, const Term &v) {
    if (t.is_bool()) return ir::Json(m_.eval_bool(v).value_or(false));
    return ir::Json(m_.eval_int(v).value_or(0));
  }

  BigInt length(const Term &b) {
    BigInt n = m_.eval_int(mk_select(info_.len, b)).value_or(0);
    return n < 0 ? BigInt(0) : (n > kMaxCells ? BigInt(kMaxCells) : n);
  }

  /// The contents of block b in the given heaps (cells of type elem).
  /// From the pointer's offset on when given: the run sees the input pointer at its first cell.
  ir::Json contents(const Term &b, const ir::Type &elem,
                    const std::function<Term(const std::string &)> &heap, Term from = nullptr) {
    ir::Json arr = ir::Json::array();
    BigInt n = length(b);
    BigInt first = from ? m_.eval_int(from).value_or(0) : 0;
    if (first < 0 || first > n) first = 0;
    for (BigInt i = first; i < n; ++i) {
      auto keys = cell_keys(elem);
      if (elem.is_ptr())
        arr.push_back(pointer(heap_select(heap(keys[0]), b, mk_int(i)),
                              heap_select(heap(keys[1]), b, mk_int(i)), info_.blocks.size()));
      else if (elem.is_bool())
        arr.push_back(
            ir::Json(m_.eval_int(heap_select(heap(keys[0]), b, mk_int(i))).value_or(0) != 0));
      else
        arr.push_back(scalar(elem, heap_select(heap(keys[0]), b, mk_int(i))));
    }
    return arr;
  }

  /// A pointer value named by its block: {"block": NAME, "offset": K}, or null.
  ir::Json pointer(const Term &b, const Term &o, size_t blocks_known) {
    BigInt bv = m_.eval_int(b).value_or(0);
    if (bv == 0) return ir::Json();
    for (size_t i = 0; i < blocks_known && i < info_.blocks.size(); ++i)
      if (m_.eval_int(info_.blocks[i].block) == bv) {
        ir::Json j = ir::Json::object();
        j["block"] = info_.blocks[i].name;
        j["offset"] = ir::Json(m_.eval_int(o).value_or(0));
        return j;
      }
    return ir::Json();
  }

  ir::Counterexample read() {
    ir::Counterexample cx;
    cx.function = info_.function;
    auto heap0 = [&](const std::string &k) { return info_.heap0.at(k); };
    std::vector<const NamedVal *> pointers; // the pointer inputs read so far
    for (const auto &in : info_.inputs) {
      if (!in.type.is_ptr()) {
        cx.inputs.push_back({in.name, scalar(in.type, in.v.t)});
        continue;
      }
      if (m_.eval_int(in.v.t).value_or(0) == 0) {
        cx.inputs.push_back({in.name, ir::Json()});
      } else if (std::optional<ir::Json> shared = alias(in, pointers)) {
        cx.inputs.push_back({in.name, *shared});
      } else {
        cx.inputs.push_back({in.name, contents(in.v.t, in.type.pointee(), heap0, in.v.off)});
        pointers.push_back(&in);
      }
    }
    for (const auto &b : info_.blocks)
      if (b.global) cx.inputs.push_back({b.name, contents(b.block, b.elem, heap0)});
    for (const auto &site : vc_.sites) {
      // A path condition the model cannot decide (quantifiers) counts as reached: an oracle
      // entry for a site the run does not reach is never read.
      if (!m_.eval_bool(site.reach).value_or(true)) continue;
      ir::SubcontractOutput out;
      out.subcontract = site.name;
      out.line = site.line;
      out.visit = 1;
      for (const auto &v : site.vars)
        out.values.push_back({v.name, v.type.is_ptr() ? pointer(v.v.t, v.v.off, site.blocks_known)
                                                      : scalar(v.type, v.v.t)});
      for (size_t i = 0; i < site.blocks_known && i < info_.blocks.size(); ++i) {
        const BlockInfo &blk = info_.blocks[i];
        std::map<std::string, Term> heaps;
        for (const auto &[k, h] : site.heaps)
          heaps[k] = h;
        bool written = true;
        for (const auto &k : cell_keys(blk.elem))
          written &= heaps.count(k) > 0;
        const std::optional<BigInt> id = m_.eval_int(blk.block);
        if (!written || id.value_or(0) == 0 || !may_write(site, *id)) continue;
        out.values.push_back({blk.name, contents(blk.block, blk.elem, [&](const std::string &k) {
                                return heaps.at(k);
                              })});
      }
      if (site.result)
        out.values.push_back(
            {"result", site.result->type.is_ptr()
                           ? pointer(site.result->v.t, site.result->v.off, site.blocks_known)
                           : scalar(site.result->type, site.result->v.t)});
      cx.outputs.push_back(std::move(out));
    }
    return cx;
  }

private:
  Backend &m_;

  /// A pointer input into the block of an earlier one (`b == a + 1`): {"block": "a", "offset":
  /// 1}, from that input's first cell as the run sees it; nullopt when it shares no block with
  /// one, or points before its first cell.
  std::optional<ir::Json> alias(const NamedVal &in, const std::vector<const NamedVal *> &earlier) {
    const std::optional<BigInt> block = m_.eval_int(in.v.t);
    for (const NamedVal *other : earlier) {
      if (m_.eval_int(other->v.t) != block || other->type != in.type) continue;
      const BigInt off = m_.eval_int(in.v.off).value_or(0) - m_.eval_int(other->v.off).value_or(0);
      if (off < 0) return std::nullopt;
      ir::Json j = ir::Json::object();
      j["block"] = other->name;
      j["offset"] = ir::Json(off);
      return j;
    }
    return std::nullopt;
  }

  bool may_write(const SiteInfo &site, const BigInt &block) {
    return site.any_block || std::ranges::any_of(site.written_blocks, [&](const Term &b) {
             return m_.eval_int(b) == block;
           });
  }

  const GoalVC &vc_;
  const FunctionInfo &info_;
};

} // namespace

ir::Counterexample read_counterexample(Backend &model, const GoalVC &vc) {
  if (!vc.info) return ir::Counterexample{};
  return Reader(model, vc).read();
}

Term inputs_equal(const GoalVC &vc, const ir::Counterexample &cx) {
  if (!vc.info) return mk_true();
  std::vector<Term> eqs;
  const FunctionInfo &info = *vc.info;
  auto cells_equal = [&](const Term &b, const ir::Type &elem, const ir::Json &arr) {
    std::vector<Term> all{mk_eq(mk_select(info.len, b), mk_int(arr.as_array().size()))};
    if (elem.is_ptr() || elem.is_bool()) return mk_and(all);
    for (size_t i = 0; i < arr.as_array().size(); ++i)
      if (auto v = arr.as_array()[i].integer())
        all.push_back(
            mk_eq(heap_select(info.heap0.at(cell_keys(elem)[0]), b, mk_int(i)), mk_int(*v)));
    return mk_and(all);
  };
  for (const auto &in : info.inputs) {
    const ir::Json *j = cx.input(in.name);
    if (!j) continue;
    if (in.type.is_ptr()) {
      const ir::Json *block = j->find("block");
      auto shared = std::ranges::find_if(info.inputs, [&](const NamedVal &o) {
        return block && block->is_string() && o.name == block->as_string();
      });
      if (j->is_null()) {
        eqs.push_back(mk_eq(in.v.t, mk_int(0)));
      } else if (shared != info.inputs.end()) { // into an earlier input's block
        const ir::Json *off = j->find("offset");
        eqs.push_back(mk_and(
            mk_eq(in.v.t, shared->v.t),
            mk_eq(in.v.off, mk_add(shared->v.off, mk_int(off ? off->integer().value_or(0) : 0)))));
      } else if (j->is_array())
        eqs.push_back(
            mk_and(mk_not(mk_eq(in.v.t, mk_int(0))), cells_equal(in.v.t, in.type.pointee(), *j)));
    } else if (in.type.is_bool() && j->is_bool()) {
      eqs.push_back(j->as_bool() ? in.v.t : mk_not(in.v.t));
    } else if (auto v = j->integer()) {
      eqs.push_back(mk_eq(in.v.t, mk_int(*v)));
    }
  }
  for (const auto &b : info.blocks) {
    const ir::Json *j = cx.input(b.name);
    if (j && j->is_array() && b.global) eqs.push_back(cells_equal(b.block, b.elem, *j));
  }
  return mk_and(eqs);
}

} // namespace triage::vcgen
