// a three-state machine driven by input reaches its error state after the sequence 1, 2, 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "state_machine_false.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern long long __VERIFIER_nondet_longlong(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  int state = 0;
  for (int i = 0; i < 6; i++) {
    int c = __VERIFIER_nondet_int();
    if (state == 0 && c == 1) state = 1;
    else if (state == 1 && c == 2) state = 2;
    else if (state == 2 && c == 0) state = 3;
    else if (state != 3) state = 0;
  }
  __VERIFIER_assert(state != 3);
  return 0;
}
