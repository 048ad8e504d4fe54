// error: 3:1: a function contract must be followed by a function
/*@ requires \true; */
int x;
