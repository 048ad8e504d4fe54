/* Integer promotions and the usual arithmetic conversions. */
#include <limits.h>
/*@ assigns \nothing;
    ensures \result == a + b;
 */
int add_chars(unsigned char a, signed char b)
{
  return a + b;
}

/*@ requires x <= 100;
    assigns \nothing;
    ensures \result == (unsigned int)(x + 1u);
 */
unsigned int mixed(int x)
{
  unsigned int u = x + 1u;
  return u;
}

/*@ assigns \nothing; */
long widen(short s, unsigned short t, long l)
{
  long r = s * t + l;
  return r;
}

/*@ assigns \nothing; */
unsigned char wrap(unsigned char c)
{
  c += 200;
  c = c * 2;
  return c;
}
