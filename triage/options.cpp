#include "triage/options.hpp"

#include <algorithm>

namespace triage::cli {

Options::Options(const std::vector<std::string> &args, const std::set<std::string> &flags,
                 std::set<std::string> valued) {
  // Every command reads a program, so every command takes the C preprocessor's options.
  valued.insert({"I", "D"});
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    // One-letter options take one dash, and their value attached or next: -j 2, -j2.
    if (a.size() >= 2 && a[0] == '-' && a[1] != '-' && valued.count(a.substr(1, 1))) {
      if (a.size() == 2 && i + 1 >= args.size())
        throw UsageError("option '-" + a.substr(1, 1) + "' needs a value");
      values_[a.substr(1, 1)].push_back(a.size() > 2 ? a.substr(2) : args[++i]);
      continue;
    }
    if (a.size() < 2 || a.rfind("--", 0) != 0) {
      if (a.size() > 1 && a[0] == '-' && a != "-") throw UsageError("unknown option '" + a + "'");
      positional_.push_back(a);
      continue;
    }
    std::string name = a.substr(2), val;
    bool has_val = false;
    if (auto eq = name.find('='); eq != std::string::npos) {
      val = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_val = true;
    }
    if (flags.count(name)) {
      if (has_val) throw UsageError("option '--" + name + "' takes no value");
      flags_.insert(name);
    } else if (valued.count(name)) {
      if (!has_val) {
        if (i + 1 >= args.size()) throw UsageError("option '--" + name + "' needs a value");
        val = args[++i];
      }
      values_[name].push_back(val);
    } else {
      throw UsageError("unknown option '--" + name + "'");
    }
  }
}

std::optional<std::string> Options::value(const std::string &name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> Options::values(const std::string &name) const {
  auto it = values_.find(name);
  return it == values_.end() ? std::vector<std::string>{} : it->second;
}

std::string Options::value_or(const std::string &name, const std::string &fallback) const {
  return value(name).value_or(fallback);
}

std::string Options::choice(const std::string &name, const std::vector<std::string> &allowed,
                            const std::string &fallback) const {
  auto v = value(name);
  if (!v) return fallback;
  if (std::find(allowed.begin(), allowed.end(), *v) == allowed.end()) {
    std::string list;
    for (const auto &a : allowed)
      list += (list.empty() ? "" : "|") + a;
    throw UsageError("option '--" + name + "' expects " + list + ", not '" + *v + "'");
  }
  return *v;
}

double Options::seconds(const std::string &name, double fallback) const {
  auto v = value(name);
  if (!v) return fallback;
  try {
    size_t used = 0;
    const double d = std::stod(*v, &used);
    if (used == v->size() && d > 0 && d <= 86400) return d;
  } catch (const std::exception &) {
  }
  throw UsageError("option '--" + name + "' expects a positive number of seconds, not '" + *v +
                   "'");
}

std::optional<int> Options::whole(const std::string &name, int min) const {
  auto v = value(name);
  if (!v) return std::nullopt;
  const bool digits =
      !v->empty() && v->size() <= 7 && v->find_first_not_of("0123456789") == std::string::npos;
  if (digits && std::stoi(*v) >= min && std::stoi(*v) <= 1000000) return std::stoi(*v);
  throw UsageError("option '--" + name + "' expects a whole number from " + std::to_string(min) +
                   ", not '" + *v + "'");
}

const std::string &Options::file() const {
  if (positional_.empty()) throw UsageError("missing input file");
  if (positional_.size() > 1) throw UsageError("unexpected argument '" + positional_[1] + "'");
  return positional_.front();
}

} // namespace triage::cli
