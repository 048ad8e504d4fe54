/* Compound assignments. */
/*@ requires 0 <= x <= 1000;
    assigns \nothing;
 */
int compound(int x)
{
  int y = x;
  y += 3;
  y -= 1;
  y *= 2;
  y /= 2;
  y %= 7;
  y <<= 2;
  y >>= 1;
  y &= 255;
  y |= 1;
  y ^= 3;
  return y;
}
