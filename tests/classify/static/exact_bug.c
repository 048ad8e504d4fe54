/* A mutant whose loop invariant is exact and whose assertion is wrong: every state the proved
   loop contract allows after the loop has s == 100, so the proof alone shows the bug, and the
   ten iterations replay it. */

/*@ assigns \nothing;
    ensures \result >= 0;
*/
int tens(void) {
  int i = 0;
  int s = 0;
  /*@ loop invariant 0 <= i <= 10;
      loop invariant s == i * 10;
      loop assigns i, s;
      loop variant 10 - i;
  */
  while (i < 10) {
    s += 10;
    i++;
  }
  //@ assert s == 99;
  return s;
}
