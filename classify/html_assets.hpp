// The HTML report's style sheet and script (classify/report.css, classify/report.js), compiled
// in as strings by classify/embed_assets.cmake: kept as files of their own to be read and edited.
#pragma once

namespace triage::classify {
extern const char *const report_css;
extern const char *const report_js;
} // namespace triage::classify
