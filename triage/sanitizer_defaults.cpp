// Linked into every executable of the sanitizer build. libcln, a dependency of cvc5, keeps an
// allocation of its static initialisation alive until exit; LeakSanitizer would fail every
// program that links cvc5. That leak is not ours: suppress exactly that library's.
//
// Z3 4.8.12 leaks a few small blocks (16 bytes and their buffers, all allocated inside libz3)
// from a check that its time limit interrupts: tests/frontend-c/prove/state_lemmas.c leaks them
// with --timeout 1 and not with --timeout 20. Lemmas over several states, now hypotheses of
// later lemmas, made such interrupted checks common there. Not ours either.
extern "C" const char *__lsan_default_suppressions() {
  return "leak:libcln.so\nleak:libz3.so\n";
}

// Keep stderr to what the program says: tests compare it line by line.
extern "C" const char *__lsan_default_options() {
  return "print_suppressions=0";
}
