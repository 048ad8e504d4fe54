#include "triage/options.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>

namespace triage::cli {

namespace {

/// The help as triage's commands print it: the usage line first, then what the command does,
/// then each option with its value's name and the default of the field it sets.
class Help : public CLI::Formatter {
public:
  explicit Help(std::string synopsis) : synopsis_(std::move(synopsis)) {}

  std::string make_help(const CLI::App *app, std::string name,
                        CLI::AppFormatMode mode) const override {
    std::string description = make_description(app);
    description.erase(description.find_last_not_of('\n') + 1);
    return make_usage(app, name) + "\n" + description + "\n" + make_groups(app, mode) + "\n" +
           make_footer(app);
  }
  std::string make_usage(const CLI::App *, std::string name) const override {
    return "usage: " + name + " " + synopsis_ + " [OPTIONS]\n";
  }
  std::string make_option_desc(const CLI::Option *opt) const override {
    const std::string &d = opt->get_default_str();
    return opt->get_description() + (d.empty() ? "" : " (default " + d + ")");
  }

private:
  std::string synopsis_;
};

/// CLI11's message without its "NAME: " prefix: ours already name the option.
std::string own_message(const CLI::Error &e) {
  const std::string what = e.what();
  const size_t colon = what.find(": ");
  return colon == std::string::npos ? what : what.substr(colon + 2);
}

/// The first argument no option took: an unknown option, or one file too many.
[[noreturn]] void refuse_extra(const std::string &arg) {
  if (arg.size() > 1 && arg[0] == '-') {
    // --name=value: the name alone, as typed.
    const bool long_option = arg.rfind("--", 0) == 0;
    throw UsageError("unknown option '" + (long_option ? arg.substr(0, arg.find('=')) : arg) + "'");
  }
  throw UsageError("unexpected argument '" + arg + "'");
}

} // namespace

CLI::Validator rule(const std::function<bool(const std::string &)> &ok,
                    const std::function<std::string(const std::string &)> &message) {
  return CLI::Validator([=](std::string &v) { return ok(v) ? std::string() : message(v); }, "");
}

std::string quoted_option(const std::string &name) {
  return "'" + name.substr(0, name.find(',')) + "'";
}

CommandLine::CommandLine(const std::string &command, const std::string &synopsis,
                         const std::string &description, const std::string &footer)
    : app_(std::make_unique<CLI::App>(description, "triage " + command)) {
  app_->formatter(std::make_shared<Help>(synopsis));
  app_->get_formatter()->column_width(24);
  app_->set_help_flag("--help", "this help");
  app_->footer(footer);
  // Every option may repeat: the last value counts (those that collect declare it).
  app_->option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  // Unknown options are reported in triage's words (refuse_extra), not CLI11's.
  app_->allow_extras();
  app_->add_option("FILE", files_)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  // Every command reads a program, so every command takes the C preprocessor's options.
  texts("-I", source_.include_dirs, "DIR", "where #include \"...\" and <...> look, as for cc");
  // A bad -D is refused where a C file is read (load_program): an .ivl file ignores it.
  texts("-D", source_.defines, "NAME[=VALUE]", "a macro, as for cc");
  choice("--data-model", source_.data_model, {"LP64", "ILP32"},
         "long and pointers in a C file: 64 bits (LP64, 64-bit Linux) or 32\n"
         "(ILP32, cc -m32)");
  flag("--total-logic", source_.total_logic,
       "read annotations in ACSL's total logic, as Frama-C WP does: a read\n"
       "outside a block has some value, so proofs ask no well-definedness and runs\n"
       "cannot evaluate such an annotation (by default, as under E-ACSL, reads of\n"
       "checked annotations must be valid, and assumed ones imply that theirs are)");
}

CommandLine::~CommandLine() = default;

bool CommandLine::given(const std::string &name) const {
  return app_->count(name) > 0;
}

CLI::Option *CommandLine::flag(const std::string &name, bool &out, const std::string &help) {
  flags_.push_back(name);
  return app_->add_flag(name, out, help);
}

CLI::Option *CommandLine::text(const std::string &name, std::string &out,
                               const std::string &metavar, const std::string &help) {
  return app_->add_option(name, out, help)->option_text(metavar);
}

CLI::Option *CommandLine::texts(const std::string &name, std::vector<std::string> &out,
                                const std::string &metavar, const std::string &help) {
  // One value per occurrence: `-I dir file.c` leaves file.c an input file.
  return app_->add_option(name, out, help)
      ->option_text(metavar + " (repeatable)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->allow_extra_args(false);
}

CLI::Option *CommandLine::choice(const std::string &name, std::string &out,
                                 const std::vector<std::string> &allowed, const std::string &help) {
  std::string list;
  for (const auto &a : allowed)
    list += (list.empty() ? "" : "|") + a;
  return text(name, out, list, help)
      ->capture_default_str()
      ->check(rule(
          [=](const std::string &v) {
            return std::find(allowed.begin(), allowed.end(), v) != allowed.end();
          },
          [=](const std::string &v) {
            return "option " + quoted_option(name) + " expects " + list + ", not '" + v + "'";
          }));
}

CLI::Option *CommandLine::seconds(const std::string &name, double &out, const std::string &help) {
  return number(name, out, {0, false, 86400, "a positive number of seconds"}, "S", help);
}

CLI::Option *CommandLine::number(const std::string &name, double &out, const Range &range,
                                 const std::string &metavar, const std::string &help) {
  const auto ok = [=](const std::string &v) {
    try {
      size_t used = 0;
      const double d = std::stod(v, &used);
      return used == v.size() && (d > range.min || (range.min_included && d == range.min)) &&
             d <= range.max;
    } catch (const std::exception &) {
      return false;
    }
  };
  return app_->add_option(name, out, help)
      ->option_text(metavar)
      ->check(rule(ok, [=](const std::string &v) {
        return "option " + quoted_option(name) + " expects " + range.what + ", not '" + v + "'";
      }));
}

CLI::Option *CommandLine::whole(const std::string &name, int &out, int min,
                                const std::string &help) {
  const auto ok = [=](const std::string &v) {
    const bool digits =
        !v.empty() && v.size() <= 7 && v.find_first_not_of("0123456789") == std::string::npos;
    return digits && std::stoi(v) >= min && std::stoi(v) <= 1000000;
  };
  return app_->add_option(name, out, help)
      ->option_text("N")
      ->check(rule(ok, [=](const std::string &v) {
        return "option " + quoted_option(name) + " expects a whole number from " +
               std::to_string(min) + ", not '" + v + "'";
      }));
}

void CommandLine::parse(const std::vector<std::string> &args) {
  // `--help` anywhere, even where a value was expected, asks for the help.
  if (std::find(args.begin(), args.end(), "--help") != args.end()) {
    std::cout << app_->help();
    throw HelpShown{};
  }
  // CLI11 would read `--flag=1` as true: a flag takes no value.
  for (const std::string &a : args)
    if (const size_t eq = a.find('='); a.rfind("--", 0) == 0 && eq != std::string::npos &&
                                       std::count(flags_.begin(), flags_.end(), a.substr(0, eq)))
      throw UsageError("option '" + a.substr(0, eq) + "' takes no value");
  std::vector<std::string> reversed(args.rbegin(), args.rend()); // as CLI11 reads them
  try {
    app_->parse(reversed);
  } catch (const CLI::ArgumentMismatch &e) {
    // "NAME: 1 required TYPE missing": the option ended the command line, named as typed.
    const std::string what = e.what();
    const std::string name =
        args.back().rfind('-', 0) == 0 ? args.back() : what.substr(0, what.find(':'));
    throw UsageError("option " + quoted_option(name) + " needs a value");
  } catch (const CLI::ParseError &e) {
    throw UsageError(own_message(e));
  }
  if (!app_->remaining().empty()) refuse_extra(app_->remaining().front());
}

const std::string &CommandLine::file() const {
  if (files_.empty()) throw UsageError("missing input file");
  if (files_.size() > 1) throw UsageError("unexpected argument '" + files_[1] + "'");
  return files_.front();
}

} // namespace triage::cli
