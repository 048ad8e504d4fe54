// Test cases in the exchange format of the test-generation competition (Test-Comp, test-format
// 1.1, https://gitlab.com/sosy-lab/software/test-format): a test is the sequence of values the
// nondeterministic calls of a task return, in the order a run reads them; a test suite is a
// folder with metadata.xml and one file per test. triage reads them back (`triage run
// --test-case`) and writes them (`triage verify --test-cases`, `triage dse --test-suite`).
#pragma once

#include "ir/counterexample.hpp"
#include "ir/json.hpp"

#include <string>
#include <vector>

namespace triage::classify {

/// The values `cx`'s nondeterministic calls return, in the order of the run (its havoc steps).
std::vector<ir::Json> nondet_values(const ir::Counterexample &cx);

/// A value as a test case writes it: an integer (a boolean as 0 or 1).
std::string testcomp_value(const ir::Json &v);
/// A test case in the Test-Comp exchange format (test-format 1.1): one <input> per value.
std::string testcomp_testcase(const std::vector<ir::Json> &values);
/// The metadata.xml of a Test-Comp test suite for `program_file` entered at `entry`, with the
/// property text `spec`.
std::string testcomp_metadata(const std::string &program_file, const std::string &entry,
                              const std::string &spec, const std::string &data_model);
/// The values of a Test-Comp test case, in order; throws ir::Error (located in `file`) when it is
/// not one.
std::vector<ir::Json> read_testcomp_testcase(const std::string &text, const std::string &file);

} // namespace triage::classify
