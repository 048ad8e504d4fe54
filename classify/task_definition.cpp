#include "classify/task_definition.hpp"

#include "ir/error.hpp"

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace triage::classify {

namespace fs = std::filesystem;

namespace {

ir::SrcLoc at(const std::string &file, const YAML::Mark &m) {
  // yaml-cpp counts from 0, and gives -1 for nodes it made up.
  return ir::SrcLoc{file, m.line >= 0 ? m.line + 1 : 1, m.column >= 0 ? m.column + 1 : 1};
}

/// A path of the task, resolved from the task's folder as the competitions' tools do.
std::string resolved(const std::string &task, const std::string &p) {
  const fs::path path(p);
  return path.is_absolute() ? p : (fs::path(task).parent_path() / path).lexically_normal().string();
}

std::string scalar(const std::string &file, const YAML::Node &n, const char *what) {
  if (!n.IsScalar()) throw ir::Error(at(file, n.Mark()), std::string(what) + " must be a string");
  return n.Scalar();
}

} // namespace

TaskPropertyKind property_kind(const std::string &property_file) {
  std::ifstream in(property_file);
  std::string text = fs::path(property_file).filename().string();
  if (in) {
    std::ostringstream s;
    s << in.rdbuf();
    text = s.str();
  }
  auto has = [&](const char *w) { return text.find(w) != std::string::npos; };
  if (has("call(reach_error())") || has("unreach-call")) return TaskPropertyKind::UnreachCall;
  if (has("G ! overflow") || has("no-overflow")) return TaskPropertyKind::NoOverflow;
  return TaskPropertyKind::Other;
}

const char *property_name(TaskPropertyKind k) {
  switch (k) {
  case TaskPropertyKind::UnreachCall:
    return "unreach-call";
  case TaskPropertyKind::NoOverflow:
    return "no-overflow";
  case TaskPropertyKind::Other:
    break;
  }
  return "other";
}

TaskDefinition read_task(const std::string &yml_path) {
  std::ifstream in(yml_path);
  if (!in) throw ir::Error(ir::SrcLoc{yml_path, 1, 1}, "cannot read the task definition");
  YAML::Node root;
  try {
    root = YAML::Load(in);
  } catch (const YAML::Exception &e) {
    throw ir::Error(at(yml_path, e.mark), "not a task definition: " + e.msg);
  }
  const ir::SrcLoc top{yml_path, 1, 1};
  if (!root.IsMap()) throw ir::Error(top, "a task definition is a YAML mapping");
  TaskDefinition t;
  t.path = yml_path;
  const YAML::Node version = root["format_version"];
  if (!version) throw ir::Error(top, "no format_version: not a task definition");
  if (const std::string v = scalar(yml_path, version, "format_version"); !v.starts_with("2."))
    throw ir::Error(at(yml_path, version.Mark()),
                    "task definitions of format " + v + " are not read (format 2.0 is)");
  const YAML::Node inputs = root["input_files"];
  if (!inputs) throw ir::Error(top, "no input_files");
  if (inputs.IsSequence()) {
    for (const YAML::Node &f : inputs)
      t.input_files.push_back(resolved(yml_path, scalar(yml_path, f, "an input file")));
  } else {
    t.input_files.push_back(resolved(yml_path, scalar(yml_path, inputs, "input_files")));
  }
  if (t.input_files.empty()) throw ir::Error(at(yml_path, inputs.Mark()), "no input file");
  const YAML::Node props = root["properties"];
  if (!props || !props.IsSequence() || props.size() == 0)
    throw ir::Error(props ? at(yml_path, props.Mark()) : top,
                    "properties must be a list of property files");
  for (const YAML::Node &p : props) {
    if (!p.IsMap() || !p["property_file"])
      throw ir::Error(at(yml_path, p.Mark()), "a property has a property_file");
    TaskProperty tp;
    tp.file = resolved(yml_path, scalar(yml_path, p["property_file"], "property_file"));
    tp.kind = property_kind(tp.file);
    if (const YAML::Node v = p["expected_verdict"]) {
      const std::string s = scalar(yml_path, v, "expected_verdict");
      if (s != "true" && s != "false")
        throw ir::Error(at(yml_path, v.Mark()), "expected_verdict is true or false, not " + s);
      tp.expected = s == "true";
    }
    t.properties.push_back(std::move(tp));
  }
  if (const YAML::Node o = root["options"]; o && o.IsMap()) {
    if (o["language"]) t.language = scalar(yml_path, o["language"], "language");
    if (const YAML::Node dm = o["data_model"]) {
      t.data_model = scalar(yml_path, dm, "data_model");
      if (t.data_model != "ILP32" && t.data_model != "LP64")
        throw ir::Error(at(yml_path, dm.Mark()),
                        "data_model is ILP32 or LP64, not " + t.data_model);
    }
  }
  return t;
}

} // namespace triage::classify
