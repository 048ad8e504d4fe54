// error: 3:7: variable-length arrays are only supported as local variables: an array length here must be an integer constant expression
int n;
int g[n];
