/* Object-like macros and sizeof. */
#define SIZE 8
#define LIMIT (SIZE * 2)
/*@ assigns \nothing;
    ensures \result == 16;
 */
int limit(void)
{
  return LIMIT;
}

/*@ assigns \nothing;
    ensures \result == 4;
 */
unsigned long int_size(void)
{
  return sizeof(int);
}
