/* Explicit casts between integer types, in code and in annotations. */
/*@ requires 0 <= x <= 255;
    assigns \nothing;
    ensures \result == (char)x;
 */
char to_char(int x)
{
  return (char)x;
}

/*@ assigns \nothing;
    ensures \result == (unsigned long)x;
 */
unsigned long to_ulong(unsigned int x)
{
  return (unsigned long)x;
}

/*@ assigns \nothing;
    ensures \result == (integer)x * 2;
 */
long long twice(int x)
{
  return (long long)x * 2;
}
