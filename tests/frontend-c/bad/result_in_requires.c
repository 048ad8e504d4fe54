// error: 2:14: \result is only allowed in postconditions
/*@ requires \result > 0;
    assigns \nothing;
 */
int f(void) { return 1; }
