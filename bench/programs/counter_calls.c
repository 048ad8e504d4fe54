/* A global counter: tick adds one, tick3 calls it three times. */

int count;

/*@ requires count < 1000000;
    assigns count;
    ensures count == \old(count) + 1;
*/
void tick(void)
{
  count = count + 1;
}

/*@ requires count < 1000;
    assigns count;
    ensures count == \old(count) + 3;
*/
void tick3(void)
{
  tick();
  tick();
  tick();
}
