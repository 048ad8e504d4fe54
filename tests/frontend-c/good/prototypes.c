/* A prototype with the contract, the definition later; a call before the definition. */
/*@ requires 0 <= x <= 1000;
    assigns \nothing;
    ensures \result == 3 * x;
 */
int triple(int x);

/*@ requires 0 <= y <= 100;
    assigns \nothing;
    ensures \result == 3 * y + 1;
 */
int triple_plus_one(int y)
{
  return triple(y) + 1;
}

int triple(int x)
{
  return x + x + x;
}
