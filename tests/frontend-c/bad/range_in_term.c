// error: 4:17: a range 'lo .. hi' is only allowed in assigns, \valid and \separated
/*@ requires \valid(a + (0 .. 3));
    assigns \nothing;
    ensures a[0 .. 3] == 0;
 */
int f(int *a) { return 0; }
