#include "frontend-c/compile.hpp"

#include "frontend-c/lexer.hpp"
#include "frontend-c/lower.hpp"
#include "frontend-c/parser.hpp"
#include "frontend-c/preprocess.hpp"
#include "ir/error.hpp"

#include <fstream>
#include <sstream>

namespace triage::frontend_c {

ir::Program compile_text(const std::string &text, const std::string &filename,
                         const PreprocessOptions &options) {
  const DataModelScope model(options.data_model);
  const Preprocessed pp = preprocess(lex(text, filename), filename, options);
  const TranslationUnit tu = parse(pp, filename);
  return lower(tu, filename);
}

ir::Program compile_file(const std::string &path, const PreprocessOptions &options) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ir::Error(ir::SrcLoc{path, 1, 1}, "cannot read the file");
  std::ostringstream text;
  text << in.rdbuf();
  return compile_text(text.str(), path, options);
}

} // namespace triage::frontend_c
