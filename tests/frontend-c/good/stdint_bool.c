/* Types from stdint.h, stdbool.h and stddef.h. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*@ assigns \nothing;
    ensures \result == (x != 0);
 */
bool nonzero(int32_t x)
{
  return x != 0;
}

/*@ requires n <= SIZE_MAX / 2;
    assigns \nothing;
    ensures \result == 2 * n;
 */
size_t twice(size_t n)
{
  return n * 2;
}

/*@ assigns \nothing; */
uint8_t low_byte(uint32_t x)
{
  bool flag = true;
  if (!flag)
    return 0;
  return (uint8_t)(x & 0xFFu);
}

/*@ requires p != NULL ==> \valid_read(p);
    assigns \nothing;
 */
int64_t read_or_zero(const int64_t *p)
{
  if (p == NULL)
    return 0;
  return *p;
}
