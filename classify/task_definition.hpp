// Verification tasks as the software-verification and test-generation competitions exchange them
// (SV-COMP, Test-Comp): a task definition in YAML, format 2.0, naming the C files, the property
// files with the expected verdicts, and the data model (docs/verify.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace triage::classify {

/// The properties triage checks, by what their property file says.
enum class TaskPropertyKind {
  UnreachCall, ///< `G ! call(reach_error())`: no run calls reach_error
  NoOverflow,  ///< `G ! overflow`: no run overflows a signed integer operation
  Other,       ///< any other property (termination, memory safety, coverage): not checked
};

struct TaskProperty {
  TaskPropertyKind kind = TaskPropertyKind::Other;
  std::string file;             ///< the property file, as resolved from the task's folder
  std::optional<bool> expected; ///< expected_verdict, when the task gives one
};

struct TaskDefinition {
  std::string path;                     ///< the .yml file
  std::vector<std::string> input_files; ///< resolved from the task's folder
  std::vector<TaskProperty> properties;
  std::string data_model = "ILP32"; ///< ILP32 or LP64
  std::string language = "C";
};

/// Reads a task definition. Throws ir::Error, located in the .yml file, when it cannot be read,
/// is not YAML, or lacks what a task has (format_version, input_files, properties).
TaskDefinition read_task(const std::string &yml_path);

/// The kind of a property file: by its text (`G ! call(reach_error())`, `G ! overflow`), or by
/// its name when it cannot be read.
TaskPropertyKind property_kind(const std::string &property_file);

/// The property's short name, as the competitions spell it: `unreach-call`, `no-overflow`.
const char *property_name(TaskPropertyKind k);

} // namespace triage::classify
