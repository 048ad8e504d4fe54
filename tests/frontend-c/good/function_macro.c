// Function-like macros, in code and in annotations, nested and with several parameters.
#define SQR(x) ((x) * (x))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define BOUND 1000

/*@ requires -BOUND <= y <= BOUND;
    assigns \nothing;
    ensures \result == SQR(y);
    ensures \result >= MAX(0, y) - BOUND; */
int f(int y) { return SQR(y); }
