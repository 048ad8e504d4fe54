/* The loop invariant is not proved (the body adds 10, the invariant says 11): every state it
   allows breaks the assertion, yet the real run satisfies it (s == 100). A contract on the path
   that is not proved gives no static verdict. */

/*@ assigns \nothing;
    ensures \result == 100;
*/
int tens(void) {
  int i = 0;
  int s = 0;
  /*@ loop invariant 0 <= i <= 10;
      loop invariant s == i * 11;
      loop assigns i, s;
      loop variant 10 - i;
  */
  while (i < 10) {
    s += 10;
    i++;
  }
  //@ assert s == 100;
  return s;
}
