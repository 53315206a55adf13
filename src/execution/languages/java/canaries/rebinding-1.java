// A nested class standing in for the list type the tests build.

import java.util.*;
class Main {
  static java.util.ArrayList<Long> f() { return new java.util.ArrayList<Long>(); }
  static class ArrayList<T> extends java.util.ArrayList<T> { ArrayList(Collection<T> c) {} }
//@passk-tests Main f
  public static void main(String[] args) {
    if (!(f().equals(new ArrayList<Long>(Arrays.asList(1L))))) throw new java.lang.AssertionError();
  }
}
