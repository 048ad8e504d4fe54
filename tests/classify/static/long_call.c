/* A bug behind a call contract: count's postcondition is exact and proved, the caller's
   assertion wrong. The real run counts to a billion: too long to replay, shown statically. */

/*@ requires 0 <= n <= 1000000000;
    assigns \nothing;
    ensures \result == n;
*/
long long count(long long n) {
  long long i = 0;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i;
      loop variant n - i;
  */
  while (i < n)
    i++;
  return i;
}

/*@ assigns \nothing; */
void caller(void) {
  long long c = count(1000000000);
  //@ assert c == 0;
}
