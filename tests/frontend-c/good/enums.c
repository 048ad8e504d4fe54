/* Enumerations are int constants. */
typedef enum { RED, GREEN = 5, BLUE } color;
enum level { LOW = -1, HIGH = LOW + 2 };

/*@ assigns \nothing;
    ensures \result == 6 || \result == RED;
 */
int next_color(color c)
{
  enum { LOCAL = 3 };
  if (c == GREEN)
    return BLUE;
  return RED + LOCAL - 3;
}

/*@ assigns \nothing;
    ensures \result == HIGH;
 */
enum level top(void)
{
  return HIGH;
}
