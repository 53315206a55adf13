// What MultiPL-E's Scala programs use (collections, strings, math, Option, pattern matching):
// compiled once on the host to dump scalac's class-data archive (scala.ts). No placeholders.

import scala.math._
import scala.collection.mutable._
object Problem {
    def f(xs : List[Long], m : Map[String, Long], s : String) : Option[Long] = {
        val ys = xs.filter(_ > 1l).map(x => x * 2l).sorted.reverse
        val b = new StringBuilder()
        for (c <- s.toCharArray if c.isLetter) b.append(c.toUpper)
        m.get(b.toString) match { case Some(v) => Some(v + ys.sum) case None => ys.headOption }
    }
    def main(args: Array[String]) = {
    assert(f((List[Long](1l.toLong, 3l.toLong)), Map[String,Long]("A" -> 2l), "a") == Some(8l));
    assert(abs(max(1.5, 2.0) - 2.0) < 1e-9 && "ab".split(" ").mkString(",").length == 2);
    }

}
