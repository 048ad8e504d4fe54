// Linked into every executable of the sanitizer build. libcln, a dependency of cvc5, keeps an
// allocation of its static initialisation alive until exit; LeakSanitizer would fail every
// program that links cvc5. That leak is not ours: suppress exactly that library's.
extern "C" const char *__lsan_default_suppressions() {
  return "leak:libcln.so\n";
}

// Keep stderr to what the program says: tests compare it line by line.
extern "C" const char *__lsan_default_options() {
  return "print_suppressions=0";
}
