// whatever a nondeterministic pointer is, one of two branches sets the flag
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "nondet_pointer_true.c", 3, "reach_error"); }
extern void *__VERIFIER_nondet_pointer(void);
int main(void) {
  void *p = __VERIFIER_nondet_pointer();
  int *q = __VERIFIER_nondet_pointer();
  int flag = 0;
  if (p != 0) flag = 1;
  else flag = 2;
  if (q == 0) flag = flag + 2;
  if (flag == 0) reach_error();
  return 0;
}
