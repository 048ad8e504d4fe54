/* A recursive logic function, a predicate and a lemma. */
/*@ logic integer fact(integer n) = n <= 0 ? 1 : n * fact(n - 1);
    predicate small(integer n) = 0 <= n <= 12;
    lemma fact_pos: \forall integer n; small(n) ==> fact(n) >= 1;
 */

/*@ requires small(n);
    assigns \nothing;
    ensures \result == fact(n);
 */
long factorial(int n)
{
  long r = 1;
  int i = 1;
  /*@ loop invariant 1 <= i <= n + 1;
      loop invariant r == fact(i - 1);
      loop assigns i, r;
      loop variant n - i;
  */
  while (i <= n) {
    r *= i;
    i++;
  }
  return r;
}
