// Money moves between two accounts; the sum stays.
// expect: transfer.ensures1 proved
// expect: transfer.ensures2 proved
typedef struct { int id; int balance; } Account;

/*@ requires \valid(from) && \valid(to) && from != to;
    requires 0 <= amount <= from->balance && 0 <= to->balance <= 1000000;
    requires from->balance <= 1000000;
    assigns from->balance, to->balance;
    ensures from->balance + to->balance == \old(from->balance) + \old(to->balance);
    ensures from->id == \old(from->id); */
void transfer(Account *from, Account *to, int amount) {
  from->balance -= amount;
  to->balance += amount;
}
