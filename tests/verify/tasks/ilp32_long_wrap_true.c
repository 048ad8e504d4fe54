// unsigned long wraps at 2^32 in ILP32 (it would not in LP64)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "ilp32_long_wrap_true.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern long long __VERIFIER_nondet_longlong(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
extern unsigned long __VERIFIER_nondet_ulong(void);
int main(void) {
  unsigned long x = __VERIFIER_nondet_ulong();
  assume_abort_if_not(x >= 4294967290UL);
  x = x + 10;
  __VERIFIER_assert(x < 10);
  __VERIFIER_assert(sizeof(long) == 4 && sizeof(int *) == 4);
  return 0;
}
