// Two pointer parameters that may be one: the contract forgets to keep them apart.
// expect: move_one.ensures1 non_compliance
// expect: move_apart.ensures1 proved

/*@ requires \valid(a) && \valid(b) && 0 <= *a <= 100 && 0 <= *b <= 100;
    assigns *a, *b;
    ensures *b == \old(*b) + 1; */
void move_one(int *a, int *b) {
  *a -= 1;
  *b += 1;
}

/*@ requires \valid(a) && \valid(b) && \separated(a, b) && 0 <= *a <= 100 && 0 <= *b <= 100;
    assigns *a, *b;
    ensures *b == \old(*b) + 1; */
void move_apart(int *a, int *b) {
  *a -= 1;
  *b += 1;
}
