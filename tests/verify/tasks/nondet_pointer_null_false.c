// a nondeterministic pointer may be null
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "nondet_pointer_null_false.c", 3, "reach_error"); }
extern void *__VERIFIER_nondet_pointer(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = __VERIFIER_nondet_pointer();
  int n = __VERIFIER_nondet_int();
  if (n > 10 && p == 0) reach_error();
  return 0;
}
