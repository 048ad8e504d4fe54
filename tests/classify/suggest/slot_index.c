/* slot's contract bounds its result from above only: under it, table[slot(n)] may be below
   the array. Real runs never are: every result is at least 0, a bound by a constant that the
   runs give (`ensures \result >= 0;`). */
int table[10];

/*@ requires 0 <= n;
    assigns \nothing;
    ensures \result < 10;
*/
int slot(int n) { return n % 10; }

/*@ requires 0 <= n <= 100000;
    assigns table[0 .. 9];
*/
void put(int n) { table[slot(n)] = 1; }
