// error: 6:19: unknown label 'Start'
/*@ assigns \nothing; */
int f(int x)
{
  x = x + 1;
  //@ assert x == \at(x, Start) + 1;
  return x;
}
