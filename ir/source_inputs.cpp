#include "ir/source_inputs.hpp"

#include "ir/error.hpp"

#include <algorithm>
#include <functional>
#include <map>

namespace triage::ir {

namespace {

const Json *lookup(const NamedValues &values, const std::string &name) {
  auto it = std::ranges::find_if(values, [&](const auto &v) { return v.first == name; });
  return it == values.end() ? nullptr : &it->second;
}

/// The member at `path` of the nested object `root`, created as null when absent.
Json &member(Json &root, const std::vector<std::string> &path) {
  Json *at = &root;
  for (const std::string &key : path) {
    if (!at->is_object()) *at = Json::object();
    at = &(*at)[key];
  }
  return *at;
}

const Json *find_member(const Json &root, const std::vector<std::string> &path) {
  const Json *at = &root;
  for (const std::string &key : path)
    if (!(at = at->find(key))) return nullptr;
  return at;
}

/// The structure the parts of `s` hold, from each part's value `part(f)`; nullopt when one
/// is not of a field's shape.
template <typename PartValue>
std::optional<Json> structure(const SourceInput &s, const PartValue &part) {
  Json object = Json::object();
  for (const SourceInput::Field &f : s.fields) {
    std::optional<Json> v = part(f);
    if (!v || (f.array && !v->is_array())) return std::nullopt;
    member(object, f.path) = std::move(*v);
  }
  return object;
}

/// `cells` as nested lists, the innermost of `rows.back()` cells; nullopt when they do not fill
/// whole rows.
std::optional<Json> nested_rows(const Json &cells, const std::vector<int64_t> &rows) {
  if (!cells.is_array()) return std::nullopt;
  Json level = cells;
  for (auto n = rows.rbegin(); n != rows.rend(); ++n) {
    const auto &items = level.as_array();
    if (*n <= 0 || items.size() % size_t(*n) != 0) return std::nullopt;
    Json grouped = Json::array();
    for (size_t i = 0; i < items.size(); i += size_t(*n)) {
      Json row = Json::array();
      for (size_t k = i; k < i + size_t(*n); ++k)
        row.push_back(items[k]);
      grouped.push_back(std::move(row));
    }
    level = std::move(grouped);
  }
  return level;
}

/// Appends the cells of `v`, a list at `depth` of nested lists of rows (depth 0: the outer
/// list, of any length; at depth d, rows[d - 1] items), row after row; false when a row has
/// another length.
bool flatten_rows(const Json &v, const std::vector<int64_t> &rows, size_t depth, Json &cells) {
  if (!v.is_array()) return false;
  if (depth > 0 && v.as_array().size() != size_t(rows[depth - 1])) return false;
  for (const Json &item : v.as_array()) {
    if (depth == rows.size())
      cells.push_back(item);
    else if (!flatten_rows(item, rows, depth + 1, cells))
      return false;
  }
  return true;
}

/// A pointer to structures into the objects of another source input: each part into the block
/// of that input's same part, at the same object: {"block": "a", "offset": K} (`&a[K]`).
std::optional<Json> shared_objects(const SourceInput &s, const std::vector<const Json *> &parts,
                                   const std::vector<SourceInput> &sources) {
  const Json *first = parts[0]->find("block");
  if (s.shape != SourceInput::Shape::Pointer || !first || !first->is_string()) return std::nullopt;
  for (const SourceInput &other : sources) {
    if (other.fields.size() != s.fields.size() || &other == &s) continue;
    std::optional<BigInt> object;
    for (size_t i = 0; i < parts.size(); ++i) {
      const Json *block = parts[i]->find("block"), *off = parts[i]->find("offset");
      const std::optional<BigInt> k = off ? off->integer() : std::optional<BigInt>(0);
      if (!block || !block->is_string() || block->as_string() != other.fields[i].part ||
          other.fields[i].path != s.fields[i].path || !k || *k % s.fields[i].cells != 0 ||
          (object && *object != *k / s.fields[i].cells)) {
        object.reset();
        break;
      }
      object = *k / s.fields[i].cells;
    }
    if (!object) continue;
    Json j = Json::object();
    j["block"] = other.name;
    j["offset"] = Json(*object);
    return j;
  }
  return std::nullopt;
}

/// The source form of `s`, or nullopt when its parts do not make one object.
std::optional<Json> source_value(const SourceInput &s, const NamedValues &inputs,
                                 const std::vector<SourceInput> &sources) {
  if (s.shape == SourceInput::Shape::Rows) {
    const Json *cells = lookup(inputs, s.fields.at(0).part);
    return cells && cells->is_null() ? std::optional{Json()}
           : cells                   ? nested_rows(*cells, s.rows)
                                     : std::nullopt;
  }
  std::vector<const Json *> parts;
  for (const SourceInput::Field &f : s.fields)
    if (!(parts.emplace_back(lookup(inputs, f.part)))) return std::nullopt;
  auto value_of = [&](const SourceInput::Field &f) { return parts[size_t(&f - &s.fields[0])]; };
  if (s.shape == SourceInput::Shape::Value)
    return structure(s, [&](const SourceInput::Field &f) { return std::optional{*value_of(f)}; });
  if (std::ranges::all_of(parts, [](const Json *p) { return p->is_null(); })) return Json();
  if (std::optional<Json> shared = shared_objects(s, parts, sources)) return shared;
  if (!std::ranges::all_of(parts, [](const Json *p) { return p->is_array(); })) return std::nullopt;
  // The objects: each part's block holds as many objects' cells (one, or an array field's).
  const size_t count = parts[0]->as_array().size() / size_t(s.fields[0].cells);
  for (const SourceInput::Field &f : s.fields)
    if (value_of(f)->as_array().size() != count * size_t(f.cells)) return std::nullopt;
  Json objects = Json::array();
  for (size_t o = 0; o < count; ++o) {
    std::optional<Json> object =
        structure(s, [&](const SourceInput::Field &f) -> std::optional<Json> {
          const auto &cells = value_of(f)->as_array();
          const size_t n = size_t(f.cells);
          if (!f.array) return cells[o];
          Json slice = Json::array();
          for (size_t k = o * n; k < (o + 1) * n; ++k)
            slice.push_back(cells[k]);
          return slice;
        });
    if (!object) return std::nullopt;
    objects.push_back(std::move(*object));
  }
  if (s.shape != SourceInput::Shape::InMemory) return objects;
  if (count != 1) return std::nullopt;
  return objects.as_array()[0];
}

/// The structure `object` as its parts' values, appended to `values` (one list per field).
void append_object(const SourceInput &s, const Json &object, std::vector<Json> &values,
                   const std::function<void(const std::string &)> &bad) {
  if (!object.is_object()) bad("a structure is an object {\"field\": value, ...}");
  for (size_t i = 0; i < s.fields.size(); ++i) {
    const SourceInput::Field &f = s.fields[i];
    const Json *v = find_member(object, f.path);
    std::string path;
    for (const std::string &k : f.path)
      path += (path.empty() ? "" : ".") + k;
    if (!v) bad("the field " + path + " is missing");
    if (f.array && (!v->is_array() || v->as_array().size() != size_t(f.cells)))
      bad("the array field " + path + " is a list of its " + std::to_string(f.cells) + " cells");
    if (s.shape == SourceInput::Shape::Value) {
      values[i] = *v;
    } else if (f.array) {
      for (const Json &c : v->as_array())
        values[i].push_back(c);
    } else {
      values[i].push_back(*v);
    }
  }
}

} // namespace

NamedValues in_source_terms(const std::vector<SourceInput> &sources, const NamedValues &inputs) {
  std::map<std::string, const SourceInput *> owner; // part -> its source input
  std::map<std::string, Json> shown;                // source input -> its value
  for (const SourceInput &s : sources)
    if (s.shape == SourceInput::Shape::Hidden) {
      for (const SourceInput::Field &f : s.fields)
        owner[f.part] = &s;
    } else if (std::optional<Json> v = source_value(s, inputs, sources)) {
      shown[s.name] = std::move(*v);
      for (const SourceInput::Field &f : s.fields)
        owner[f.part] = &s;
    }
  NamedValues out;
  for (const auto &[name, value] : inputs) {
    auto it = owner.find(name);
    if (it == owner.end()) {
      out.emplace_back(name, value);
      continue;
    }
    auto s = shown.find(it->second->name); // at the place of its first part
    if (s != shown.end()) {
      out.emplace_back(s->first, std::move(s->second));
      shown.erase(s);
    }
  }
  return out;
}

NamedValues from_source_terms(const std::vector<SourceInput> &sources, const NamedValues &inputs) {
  NamedValues out;
  for (const auto &input : inputs) {
    const std::string &name = input.first;
    const Json &value = input.second;
    auto s = std::ranges::find_if(sources, [&](const SourceInput &x) { return x.name == name; });
    if (s == sources.end()) {
      out.emplace_back(name, value);
      continue;
    }
    auto bad = [&](const std::string &why) {
      throw Error({}, name + "=" + value.dump() + ": " + why);
    };
    if (s->shape == SourceInput::Shape::Rows) {
      Json cells = Json::array();
      if (!value.is_null() && !flatten_rows(value, s->rows, 0, cells))
        bad("an array of arrays is a list of rows of " + std::to_string(s->rows.back()) +
            " (nested as deep as its dimensions)");
      out.emplace_back(s->fields.at(0).part, value.is_null() ? value : std::move(cells));
      continue;
    }
    const bool pointer = s->shape == SourceInput::Shape::Pointer;
    if (pointer && value.is_null()) {
      for (const SourceInput::Field &f : s->fields)
        out.emplace_back(f.part, value);
      continue;
    }
    if (const Json *block = value.find("block"); pointer && block) { // into another's objects
      auto other = std::ranges::find_if(sources, [&](const SourceInput &x) {
        return block->is_string() && x.name == block->as_string() &&
               x.fields.size() == s->fields.size();
      });
      const Json *off = value.find("offset");
      const std::optional<BigInt> k = off ? off->integer() : std::optional<BigInt>(0);
      if (other == sources.end() || !k)
        bad("points into the objects of no structure input of the same type");
      for (size_t i = 0; i < s->fields.size(); ++i) {
        Json part = Json::object();
        part["block"] = other->fields[i].part;
        part["offset"] = Json(*k * s->fields[i].cells);
        out.emplace_back(s->fields[i].part, std::move(part));
      }
      continue;
    }
    std::vector<Json> values(s->fields.size(), Json::array());
    const std::function<void(const std::string &)> fail = bad;
    if (s->shape == SourceInput::Shape::Value || s->shape == SourceInput::Shape::InMemory) {
      append_object(*s, value, values, fail);
    } else {
      const std::string form =
          pointer ? "a pointer to structures is null or the list of the objects it points to "
                    "([]: none, [{\"field\": value, ...}]: one)"
                  : "an array of structures is the list of its objects [{\"field\": value, ...}]";
      if (!value.is_array()) bad(form);
      for (const Json &object : value.as_array()) {
        if (!object.is_object()) bad(form);
        append_object(*s, object, values, fail);
      }
    }
    for (size_t i = 0; i < s->fields.size(); ++i)
      out.emplace_back(s->fields[i].part, std::move(values[i]));
  }
  return out;
}

} // namespace triage::ir
