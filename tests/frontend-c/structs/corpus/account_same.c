// Transferring to the same account: the contract forgets that from may be to.
// expect: transfer_any.ensures1 non_compliance
typedef struct { int id; int balance; } Account;

/*@ requires \valid(from) && \valid(to);
    requires 0 <= amount <= from->balance <= 1000000 && 0 <= to->balance <= 1000000;
    assigns from->balance, to->balance;
    ensures to->balance == \old(to->balance) + amount; */
void transfer_any(Account *from, Account *to, int amount) {
  from->balance -= amount;
  to->balance += amount;
}
