// error: 2:5: 'terminates' clauses are not supported
/*@ terminates \true;
    assigns \nothing; */
int f(void) { return 0; }
