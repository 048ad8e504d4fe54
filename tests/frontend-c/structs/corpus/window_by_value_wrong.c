// The peak of a window misses its last cell.
// expect: peak2.ensures1 non_compliance
typedef struct { int w[3]; } Window;

/*@ requires \forall integer k; 0 <= k < 3 ==> 0 <= win.w[k] <= 100;
    assigns \nothing;
    ensures \result >= win.w[2]; */
int peak2(Window win) {
  return win.w[0] > win.w[1] ? win.w[0] : win.w[1];
}
