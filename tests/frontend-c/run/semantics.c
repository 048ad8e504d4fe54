// run ok: shortc wrapc neg1 loops divmod promote gotos
// run fails: narrow overflow
/* C semantics of the lowering, checked by running each function (triage run). */
int calls;
/*@ assigns calls; */
int tick(int v) { calls = calls + 1; return v; }

/*@ assigns calls; ensures \result == 12; */
int shortc(void)
{
  calls = 0;
  int r = 0;
  if (tick(0) && tick(1)) r = 100;
  if (tick(1) || tick(1)) r += 10;
  r += (tick(0) ? tick(5) : tick(1));
  //@ assert calls == 4;
  return r + 1;
}

/*@ assigns \nothing; ensures \result == 254; */
unsigned char wrapc(void)
{
  unsigned char c = 255;
  c = c + 255;
  return c;
}

/*@ assigns \nothing; ensures \result == 4294967295; */
unsigned int neg1(void) { unsigned int u = -1; return u; }

/*@ assigns \nothing; ensures \result == 6; */
int loops(void)
{
  int s = 0;
  for (int i = 0; i < 10; i++) {
    if (i % 3 == 0) continue;
    s++;
    if (s > 100) break;
  }
  int k = 3;
  do { k--; if (k == 1) continue; s += 0; } while (k > 0);
  return s - 6 + 9 - 0 - 3 + 0 * k;
}

/*@ assigns \nothing; ensures \result == -1; */
int divmod(void) { int a = -7; return a / 4 + (a % 4) + 3 - 0; }

/*@ assigns \nothing; ensures \result == 300; */
int promote(void)
{
  unsigned char a = 200, b = 100;
  short s = -1;
  unsigned int u = 1;
  int r = a + b;      /* promoted to int: 300, no wrap */
  if (s < u)          /* s converted to unsigned: 4294967295 < 1 is false */
    r = 0;
  return r;
}

/*@ assigns \nothing; ensures \result == 3; */
int gotos(void)
{
  int __retres;
  int i = 0;
  int n = 0;
  while (i < 6) {
    if (i % 2 == 0) goto __Cont;
    n ++;
    __Cont: i ++;
  }
  if (n == 3) {
    __retres = n;
    goto return_label;
  }
  __retres = -1;
  return_label: return __retres;
}

/*@ assigns \nothing; */
signed char narrow(void)
{
  int x = 200;
  signed char c = x; /* out of range for signed char: flagged as rte_overflow */
  return c;
}

/*@ assigns \nothing; */
int overflow(void)
{
  int big = 2147483647;
  return big + 1;
}
