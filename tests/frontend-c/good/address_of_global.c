// The address of a global: it lives in a one-cell global array (`counter` is `*counter`).
int counter;

/*@ requires \valid(p);
    assigns *p;
    ensures *p == 0;
*/
void reset(int *p) { *p = 0; }

/*@ assigns counter;
    ensures counter == 0;
*/
void f(void) { reset(&counter); }

/*@ requires counter < 1000;
    assigns counter;
    ensures counter == \old(counter) + 1;
*/
void inc(void) { counter++; }
