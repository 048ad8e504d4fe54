// The nondeterministic functions of verification tasks for a native build: each returns the next
// value of the test case named by TESTCASE (a Test-Comp XML file, one <input> per value), 0 past
// its end. Linked with a task, it replays a test case the way the competitions' test validators do.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long long values[100000];
static int count = -1, next = 0;

static void load(void) {
  count = 0;
  const char *path = getenv("TESTCASE");
  FILE *f = path ? fopen(path, "r") : NULL;
  if (!f) return;
  static char text[1 << 22];
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = 0;
  for (char *p = strstr(text, "<input"); p && count < 100000; p = strstr(p + 1, "<input")) {
    char *v = strchr(p, '>');
    if (!v) break;
    values[count++] = strtoll(v + 1, NULL, 0);
  }
}

static long long take(void) {
  if (count < 0) load();
  return next < count ? values[next++] : 0;
}

int __VERIFIER_nondet_int(void) {
  return (int)take();
}
unsigned int __VERIFIER_nondet_uint(void) {
  return (unsigned int)take();
}
char __VERIFIER_nondet_char(void) {
  return (char)take();
}
unsigned char __VERIFIER_nondet_uchar(void) {
  return (unsigned char)take();
}
short __VERIFIER_nondet_short(void) {
  return (short)take();
}
unsigned short __VERIFIER_nondet_ushort(void) {
  return (unsigned short)take();
}
_Bool __VERIFIER_nondet_bool(void) {
  return take() != 0;
}
long __VERIFIER_nondet_long(void) {
  return (long)take();
}
unsigned long __VERIFIER_nondet_ulong(void) {
  return (unsigned long)take();
}
long long __VERIFIER_nondet_longlong(void) {
  return take();
}
unsigned long long __VERIFIER_nondet_ulonglong(void) {
  return (unsigned long long)take();
}
void *__VERIFIER_nondet_pointer(void) {
  return (void *)(intptr_t)take();
}
