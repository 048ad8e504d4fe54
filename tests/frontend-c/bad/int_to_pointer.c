// error: 4:12: conversion from an integer to a pointer is not supported
int f(void)
{
  int *p = 42;
  return *p;
}
