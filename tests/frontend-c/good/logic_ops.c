/* ^^, <==>, \let, \exists, \true, \false, bitwise operators in annotations. */
/*@ assigns \nothing;
    ensures (x > 0 ^^ y > 0) <==> \result == 1;
    ensures \let s = x + y; s == x + y;
    ensures \true && !\false;
    ensures (x & 1) == 0 || (x & 1) == 1;
 */
int exactly_one(int x, int y)
{
  if ((x > 0) != (y > 0))
    return 1;
  return 0;
}

/*@ requires \valid_read(a + (0 .. 9));
    assigns \nothing;
    ensures \result != 0 ==> \exists integer i; 0 <= i < 10 && a[i] == 0;
 */
int has_zero(const int a[10])
{
  for (int i = 0; i < 10; i++)
    if (!a[i])
      return 1;
  return 0;
}
