// How much slower this build runs triage's own code than the optimised build on which the
// prices of counted work (dse::work_rates, the solvers' units) were calibrated. The work a
// search or a proof may do is counted, not timed, so it is the same in every build; only the
// wall-clock backstops, meant for work nothing counts, must grow with the build's slowness, or a
// sanitizer build would meet them first and end its searches on time again (load-dependent).
#pragma once

namespace triage::ir {

/// Unoptimised code is about four times slower; AddressSanitizer's checks (with UBSan's, in the
/// sanitizer build at -O1) about three times (measured: a bounded search of the test suite
/// reached its 5x backstop before its work in the unoptimised sanitizer build, with a factor 2
/// for the checks). The solvers, prebuilt libraries, are not slowed: proof backstops need none.
inline constexpr double build_slowdown =
#if defined(__OPTIMIZE__)
    1.0
#else
    4.0
#endif
#if defined(__SANITIZE_ADDRESS__)
    * 3.0
#endif
    ;

} // namespace triage::ir
